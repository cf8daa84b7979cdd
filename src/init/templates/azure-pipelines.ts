// azure-pipelines.yml of `monitors init --ci azure`: one workspace, the pipeline of
// examples/azure/azure-pipelines.yml byte for byte (tests/ci/azure-example.test.ts checks it),
// running `monitors ci` (docs/ci.md, "Azure DevOps"). Change both together.
export const AZURE_PIPELINE = `# Monitors as code in Azure Pipelines, for a repository in Azure Repos: the YAML under
# monitors/, the lock record on a branch of its own, monitors-state (created by the first
# apply; main is never pushed to, so a branch policy may protect it).
#
# The CLI: .monitors/ is the bundle of a release of monitors (the folder bundle/ at the tag
# you choose: monitors.mjs and its chunks/), committed to this repository: the jobs run
# .monitors/monitors.mjs with Node 20 and install or download nothing.
#
# Pull request (Azure Repos runs it through the branch policy "Build validation" on main;
#   pr: triggers are for GitHub and Bitbucket repositories): validate, then plan and check
#   what the plan creates or replaces. The plan is ONE comment thread on the pull request,
#   edited on every push; the plan's summary is a pull-request status (genre monitors,
#   name plan), which a branch policy can require; the check's results show on the run's
#   Tests tab (PublishTestResults).
# Push to main: apply, one run at a time (batch: true), pushing the lock record to
#   monitors-state; its outcome is a status on the commit.
# Schedule (daily): drift. Azure Pipelines has no issue tracker of its own: a drift run
#   fails with exit 2, puts the plan on the run's Extensions tab and a failed status on the
#   commit (docs/ci.md says why no Azure Boards work item).
#
# Set up: a variable group "monitors" (Pipelines > Library) with MONITORS_API_URL (your API
# base URL, ending in /api/v1), and the secrets MONITORS_PLAN_TOKEN (scope monitors:read) and
# MONITORS_APPLY_TOKEN (monitors:write and monitors:read); secrets reach a step only through
# its env:. The project's build service ("PROJECT Build Service (ORG)") needs, on this
# repository (Project Settings > Repositories > Security): Contribute to pull requests (the
# comment and the status), Contribute (the commit status, and the push to monitors-state)
# and Create branch (the first push of monitors-state).

trigger:
  batch: true # one apply at a time: a push during a run waits for it, never cancels it
  branches:
    include: [main]
  paths:
    include: [monitors, azure-pipelines.yml]

pr: none # Azure Repos: pull requests run through the branch policy "Build validation"

schedules:
  - cron: '17 6 * * *' # drift check, daily at 06:17 UTC
    displayName: monitors drift
    branches:
      include: [main]
    always: true # also when nothing changed: drift happens on the server

pool:
  vmImage: ubuntu-latest

variables:
  - group: monitors

jobs:
  - job: plan
    condition: eq(variables['Build.Reason'], 'PullRequest')
    timeoutInMinutes: 15
    steps:
      - checkout: self
        fetchDepth: 20
      - task: NodeTool@0
        inputs:
          versionSpec: '20.x'
      - script: node .monitors/monitors.mjs ci validate monitors
        displayName: Validate
        env:
          SYSTEM_ACCESSTOKEN: $(System.AccessToken)
      - script: node .monitors/monitors.mjs ci plan monitors --lock-branch monitors-state --check
        displayName: Plan
        condition: succeededOrFailed() # also after a failed validate: the comment then shows the errors
        env:
          SYSTEM_ACCESSTOKEN: $(System.AccessToken) # posts the comment and the status
          MONITORS_API_TOKEN: $(MONITORS_PLAN_TOKEN)
      - task: PublishTestResults@2
        displayName: Check results
        condition: succeededOrFailed()
        inputs:
          testResultsFormat: JUnit
          testResultsFiles: monitors-ci/check-junit*.xml
          testRunTitle: monitors check

  - job: apply
    condition: and(succeeded(), eq(variables['Build.SourceBranch'], 'refs/heads/main'), in(variables['Build.Reason'], 'IndividualCI', 'BatchedCI'))
    timeoutInMinutes: 30
    steps:
      - checkout: self
        fetchDepth: 20 # no persistCredentials: monitors gives git SYSTEM_ACCESSTOKEN itself, as a header
      - task: NodeTool@0
        inputs:
          versionSpec: '20.x'
      - script: node .monitors/monitors.mjs ci apply monitors --lock-branch monitors-state
        displayName: Apply
        env:
          SYSTEM_ACCESSTOKEN: $(System.AccessToken)
          MONITORS_API_TOKEN: $(MONITORS_APPLY_TOKEN)

  - job: drift
    condition: eq(variables['Build.Reason'], 'Schedule')
    timeoutInMinutes: 15
    steps:
      - checkout: self
        fetchDepth: 20
      - task: NodeTool@0
        inputs:
          versionSpec: '20.x'
      - script: node .monitors/monitors.mjs ci drift monitors --lock-branch monitors-state
        displayName: Drift
        env:
          SYSTEM_ACCESSTOKEN: $(System.AccessToken)
          MONITORS_API_TOKEN: $(MONITORS_PLAN_TOKEN)
`;
