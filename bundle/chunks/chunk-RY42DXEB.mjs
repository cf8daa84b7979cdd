import { createRequire as __monitorsCreateRequire } from 'node:module';
const require = __monitorsCreateRequire(import.meta.url);
import{a}from"./chunk-6DREAC25.mjs";var l=`# Monitors as code in Azure Pipelines, for a repository in Azure Repos: the YAML under
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
`;var N={gitea:{name:"Gitea",token:"GITEA_TOKEN",runsOn:"ubuntu-latest",folder:".gitea"},forgejo:{name:"Forgejo",token:"FORGEJO_TOKEN",runsOn:"docker",folder:".forgejo"}},n=(e,t)=>e==="gitea"?["    permissions:",...t.map(o=>`      ${o}`)]:[];function i(e){let{name:t,token:o,runsOn:u,folder:r}=N[e],s=(f,O,_,y,I)=>[`  ${f}:`,`    if: ${O}`,`    runs-on: ${u}`,..._,"    env:","      MONITORS_API_URL: ${{ vars.MONITORS_API_URL }}",`      MONITORS_API_TOKEN: \${{ secrets.${I} }}`,`      ${o}: \${{ secrets.${o} }} # the job's own token: comment, status, issue, lock branch`,"    steps:","      - uses: actions/checkout@v4","        with:","          fetch-depth: 20","      - uses: actions/setup-node@v4","        with:","          node-version: 20",...y.split(`
`),""];return[`# Monitors as code in ${t} Actions: the YAML under monitors/, the lock record on a branch`,"# of its own, monitors-state (created by the first apply; main is never pushed to, so branch","# protection may require pull requests on it).","#","# The CLI: .monitors/ is the bundle of a release of monitors (the folder bundle/ at the tag","# you choose: monitors.mjs and its chunks/), committed to this repository.","#","# Pull request: validate, then plan and check what the plan creates or replaces. The plan","#   (with validate's findings when it fails) is ONE comment on the pull request, edited on",'#   every push, and a commit status "monitors/plan" on its head commit, which branch',`#   protection can require. ${t} shows no findings on the diff from a CI: they are in`,"#   the comment and the log.","# Push to main: apply, one run at a time, pushing the lock record to monitors-state.","# Schedule (daily) or by hand: drift. While the live monitors differ from the YAML, ONE","#   issue holds the plan (the repository's issues must be on); the first run without","#   drift closes it.","#","# Repository settings > Actions: the variable MONITORS_API_URL (your API base URL, ending","# in /api/v1), the secrets MONITORS_PLAN_TOKEN (scope monitors:read) and","# MONITORS_APPLY_TOKEN (monitors:write and monitors:read), and one secret per ${env:NAME}","# your YAML reads. Leave monitors-state unprotected (or let the Actions bot push to it).","name: monitors","","on:","  pull_request:",`    paths: ['monitors/**', '${r}/workflows/monitors.yml']`,"  push:","    branches: [main]",`    paths: ['monitors/**', '${r}/workflows/monitors.yml']`,"  schedule:","    - cron: '17 6 * * *' # drift check, daily at 06:17 UTC","  workflow_dispatch: {} # run the drift check by hand","","jobs:",...s("plan","github.event_name == 'pull_request'",[...n(e,["contents: write # the commit status (a status needs write access to the code)","pull-requests: write # the plan comment"]),"    concurrency: # a newer push makes an older plan useless (plans never change anything)","      group: monitors-plan-${{ github.event.pull_request.number }}","      cancel-in-progress: true"],["      - run: node .monitors/monitors.mjs ci validate monitors","      - if: ${{ !cancelled() }} # also after a failed validate: the comment then shows its errors","        run: node .monitors/monitors.mjs ci plan monitors --lock-branch monitors-state --check"].join(`
`),"MONITORS_PLAN_TOKEN"),...s("apply","github.event_name == 'push'",[...n(e,["contents: write # the status, and the push of the lock record to monitors-state"]),"    concurrency: # one apply at a time, never cancelled half-way","      group: monitors-apply","      cancel-in-progress: false"],"      - run: node .monitors/monitors.mjs ci apply monitors --lock-branch monitors-state","MONITORS_APPLY_TOKEN"),...s("drift","github.event_name == 'schedule' || github.event_name == 'workflow_dispatch'",n(e,["contents: write # the status","issues: write # the drift issue"]),"      - run: node .monitors/monitors.mjs ci drift monitors --lock-branch monitors-state","MONITORS_PLAN_TOKEN")].join(`
`).replace(/\n+$/,`
`)}var c=`# Monitors as code, in GitHub Actions, for a repository whose main branch is protected
# (pull requests required; CI never pushes to main). Copy this file to
# .github/workflows/monitors.yml in the repository that holds your monitors (YAML under
# monitors/). The lock file, monitors/monitors.lock.json, is kept at that same path on a
# branch of its own, monitors-state, which the first apply creates (an orphan branch that
# holds only lock files). main is never pushed to. To commit the lock file to main instead,
# see examples/github-lock-on-main.
#
# Pull request: validate (errors appear as annotations on the YAML lines, and in code
#   scanning from the SARIF file it writes), then plan with
#   the lock record read from monitors-state, then check the monitors the plan creates or
#   replaces from the runner (\`monitors check --changed\`): plan and check results are posted
#   as ONE comment per path, updated on every push, and in the job summary. A changed
#   monitor that is down fails the job.
# Push to main: apply with --yes, one apply at a time (never cancelled half-way); the
#   apply pushes the updated lock record to monitors-state (compare-and-swap: merged per
#   monitor if another apply pushed meanwhile). If that push is refused, the job fails,
#   says what the server now holds, and puts the record in the job summary
#   (docs/recovery.md, "The lock record was not saved").
# Schedule (daily) or by hand: drift. A plan against the live workspace; when the server
#   differs from the YAML (an edit in the dashboard, an apply that failed), ONE issue holds
#   the plan, updated by each run that finds drift and closed by the first that finds none.
#
# Branch rules: protect main as you like. Leave monitors-state open to the Actions token
# (no required pull requests or status checks on it); blocking force pushes and deletion
# of monitors-state is fine and recommended: the action never force-pushes.
#
# Repository secrets (Settings > Secrets and variables > Actions):
#   MONITORS_PLAN_TOKEN   API token with scope monitors:read (optionally account:read and
#                         incidents:read: the plan then shows usage limits and open incidents);
#                         the drift job uses it too
#   MONITORS_APPLY_TOKEN  API token with scopes monitors:write and monitors:read
#   plus one secret per \`\${env:NAME}\` your YAML refers to (e.g. MONITOR_SECRET_API_LOGIN).
# Repository variable MONITORS_API_URL: your API base URL, ending in /api/v1.
name: monitors

on:
  pull_request:
    paths: ['monitors/**', '.github/workflows/monitors.yml']
  push:
    branches: [main]
    paths: ['monitors/**', '.github/workflows/monitors.yml']
  schedule:
    - cron: '17 6 * * *' # drift check, daily at 06:17 UTC (GitHub pauses schedules after 60 days without activity)
  workflow_dispatch: {} # run the drift check by hand

jobs:
  plan:
    if: github.event_name == 'pull_request'
    runs-on: ubuntu-latest
    timeout-minutes: 15
    permissions:
      contents: read # also enough to fetch the lock record from monitors-state
      pull-requests: write # to post and update the plan comment
      security-events: write # to upload validate's findings to code scanning
    # A newer push makes an older plan useless: cancel it. (Plans never change anything.)
    concurrency:
      group: monitors-plan-\${{ github.event.pull_request.number }}
      cancel-in-progress: true
    env:
      MONITORS_API_URL: \${{ vars.MONITORS_API_URL }}
      MONITORS_API_TOKEN: \${{ secrets.MONITORS_PLAN_TOKEN }} # scope: monitors:read (+ account:read, incidents:read optional)
      # The plan resolves every \${env:NAME} your YAML uses, to compare secrets by their hash:
      # MONITOR_SECRET_API_LOGIN: \${{ secrets.MONITOR_SECRET_API_LOGIN }}
    steps:
      - uses: actions/checkout@v4
      - uses: actions/setup-node@v4
        with:
          node-version: 22
      - name: Validate
        uses: monitors-as-code/monitors@v0 # this package's action (action.yml at its root); pin a tag or commit
        with:
          command: validate
          path: monitors
      - name: Upload the findings to code scanning
        # validate wrote its findings as SARIF (monitors-ci/monitors.sarif): code scanning shows
        # each on its line in the pull request's diff. (Private repositories need GitHub
        # Advanced Security for code scanning; without it, drop this step and the permission.)
        if: \${{ !cancelled() && hashFiles('monitors-ci/monitors.sarif') != '' }}
        uses: github/codeql-action/upload-sarif@v3
        with:
          sarif_file: monitors-ci/monitors.sarif
          category: monitors
      - name: Plan
        # Also after a failed validate: the comment then shows the errors instead of an old plan.
        if: \${{ !cancelled() }}
        uses: monitors-as-code/monitors@v0
        with:
          command: plan
          path: monitors
          lock-branch: monitors-state
          comment: true
          # Then check what the plan creates or replaces, once, from the runner: up, degraded
          # or down, beside the plan in the comment. (ping and heartbeat are listed as not checked.)
          check: true

  apply:
    if: github.event_name == 'push'
    runs-on: ubuntu-latest
    timeout-minutes: 30
    permissions:
      # Only to push the lock record to monitors-state. The token's contents: write covers
      # every branch no rule protects; a protected main (branch protection or a ruleset
      # requiring pull requests) stays closed to it, and nothing here pushes to main.
      contents: write
    # One apply at a time, queued in order, and a running apply is NEVER cancelled: a newer
    # merge waits for it instead of stopping it half-way (some changes made, the rest not,
    # a write in flight unrecorded). The next run would repair that; better not to need it.
    concurrency:
      group: monitors-apply
      cancel-in-progress: false
    env:
      MONITORS_API_URL: \${{ vars.MONITORS_API_URL }}
      MONITORS_API_TOKEN: \${{ secrets.MONITORS_APPLY_TOKEN }} # scopes: monitors:write, monitors:read
      # MONITOR_SECRET_API_LOGIN: \${{ secrets.MONITOR_SECRET_API_LOGIN }}
    steps:
      - uses: actions/checkout@v4
        with:
          # The newest main, not the commit that triggered this run: a queued apply runs
          # after newer merges and applies the YAML as it is now. (The lock record always
          # comes from monitors-state, newest.) Keep persist-credentials (the default): the
          # apply pushes the lock record with the job's token.
          ref: \${{ github.ref }}
      - uses: actions/setup-node@v4
        with:
          node-version: 22
      - name: Apply
        uses: monitors-as-code/monitors@v0
        with:
          command: apply
          path: monitors
          lock-branch: monitors-state # read before the apply, pushed back after it (also after a partly failed apply)

  drift:
    if: github.event_name == 'schedule' || github.event_name == 'workflow_dispatch'
    runs-on: ubuntu-latest
    timeout-minutes: 15
    permissions:
      contents: read
      issues: write # to open, update and close the drift issue (without it the job fails: drift must not go unnoticed)
    # Its own group, not the apply's: a concurrency group keeps only one pending run, so a
    # drift check queued there could cancel a queued apply. A check that overlaps an apply
    # may report the half-done apply as drift; the next run sets the issue right.
    concurrency:
      group: monitors-drift
      cancel-in-progress: true
    env:
      MONITORS_API_URL: \${{ vars.MONITORS_API_URL }}
      MONITORS_API_TOKEN: \${{ secrets.MONITORS_PLAN_TOKEN }} # scope: monitors:read
      # MONITOR_SECRET_API_LOGIN: \${{ secrets.MONITOR_SECRET_API_LOGIN }}
    steps:
      - uses: actions/checkout@v4 # main: the YAML
      - uses: actions/setup-node@v4
        with:
          node-version: 22
      - name: Drift
        uses: monitors-as-code/monitors@v0
        with:
          command: drift
          path: monitors
          lock-branch: monitors-state # the lock record as the last apply left it
`;var h=`# Monitors as code in Bitbucket Pipelines, for one workspace: the YAML under monitors/, the lock
# record on a branch of its own, monitors-state (created by the first apply; main, protected by
# branch restrictions, is never pushed to).
#
# The CLI: .monitors/ is the bundle of a release of monitors (the folder bundle/ at the tag you
# choose: monitors.mjs and its chunks/), committed to this repository: the steps run
# .monitors/monitors.mjs with Node 20 and install or download nothing.
#
# Pull request: validate (its findings as a Code Insights report, annotated on the diff) and,
#   beside it, plan and check what the plan creates or replaces; the plan is ONE comment on the
#   pull request, edited on every push, and a build status on the commit carries its summary
#   (a merge check can require it).
# main: apply, in the deployment environment "Production" (one deployment at a time, and only
#   there is MONITORS_APPLY_TOKEN set); it pushes the lock record to monitors-state.
# Schedule (Pipelines > Schedules: the custom pipeline "drift" on main, e.g. daily) or by hand:
#   drift. While the live monitors differ from the YAML, ONE issue holds the plan (with the
#   issue tracker on; else the step fails and the report holds it); the first run without drift
#   resolves it.
#
# Repository variables (Repository settings > Pipelines > Repository variables), the tokens secured:
#   MONITORS_API_URL        your API base URL, ending in /api/v1
#   BITBUCKET_ACCESS_TOKEN  a repository access token (Repository settings > Security > Access
#                           tokens) with the scopes Pull requests: Write, Repositories: Write and
#                           Issues: Write: comments, statuses, reports, the drift issue (app
#                           passwords are retired)
#   MONITORS_PLAN_TOKEN     API token with scope monitors:read (plan, drift)
# Deployment variable of the environment Production (Repository settings > Deployments):
#   MONITORS_APPLY_TOKEN    API token with scopes monitors:write and monitors:read
#   plus each secret your YAML reads with \${env:NAME}.

image: node:20 # Node 20 or newer, and git (for the lock branch)

pipelines:
  pull-requests:
    '**':
      - parallel:
          - step:
              name: validate
              script:
                - node .monitors/monitors.mjs ci validate monitors --report-dir monitors-ci/validate
              artifacts:
                - monitors-ci/**
          - step:
              name: plan
              script:
                - export MONITORS_API_TOKEN="$MONITORS_PLAN_TOKEN"
                - node .monitors/monitors.mjs ci plan monitors --lock-branch monitors-state --check
              artifacts:
                - monitors-ci/**
  branches:
    main:
      - step:
          name: apply
          deployment: Production
          script:
            - export MONITORS_API_TOKEN="$MONITORS_APPLY_TOKEN"
            - node .monitors/monitors.mjs ci apply monitors --lock-branch monitors-state
          artifacts:
            - monitors-ci/**
  custom:
    drift:
      - step:
          name: drift
          script:
            - export MONITORS_API_TOKEN="$MONITORS_PLAN_TOKEN"
            - node .monitors/monitors.mjs ci drift monitors --lock-branch monitors-state
          artifacts:
            - monitors-ci/**
`;var d=`# Monitors as code in GitLab CI, for one workspace: the YAML under monitors/, the lock record
# on a branch of its own, monitors-state (created by the first apply; the default branch is
# never pushed to).
#
# The CLI: .monitors/ is the bundle of a release of monitors (the folder bundle/ at the tag
# you choose: monitors.mjs and its chunks/), committed to this project: the jobs run
# .monitors/monitors.mjs with Node 20 and install or download nothing.
#
# Merge request: validate, then plan and check what the plan creates or replaces; the plan is
#   ONE note on the merge request, updated on every push, and its counts show in the merge
#   request widget.
# Default branch: apply, one at a time (resource_group), never cancelled half-way; it pushes
#   the lock record to monitors-state.
# Schedule (CI/CD > Schedules, e.g. daily) or "Run pipeline" by hand: drift. While the live
#   monitors differ from the YAML, ONE issue holds the plan; the first run without drift
#   closes it.
#
# CI/CD variables (Settings > CI/CD > Variables), the tokens masked:
#   MONITORS_API_URL        your API base URL, ending in /api/v1
#   MONITORS_GITLAB_TOKEN   a project access token, scope api, role Developer: posts the note,
#                           writes the drift issue, pushes monitors-state (CI_JOB_TOKEN cannot)
#   MONITORS_PLAN_TOKEN     API token with scope monitors:read (plan, drift), not protected
#   MONITORS_APPLY_TOKEN    API token with scopes monitors:write and monitors:read, protected:
#                           only pipelines of protected branches (the default branch) get it
#   plus each secret your YAML reads with \${env:NAME}.

workflow:
  rules:
    - if: $CI_PIPELINE_SOURCE == "merge_request_event"
    - if: $CI_PIPELINE_SOURCE == "schedule" || $CI_PIPELINE_SOURCE == "web"
    - if: $CI_COMMIT_BRANCH == $CI_DEFAULT_BRANCH && $CI_PIPELINE_SOURCE == "push"

stages: [validate, plan, apply, drift]

default:
  image: node:20 # Node 20 or newer, and git (for the lock branch)

variables:
  GIT_DEPTH: '20'

.report:
  artifacts:
    when: always # also after a failed plan: its report says why
    expire_in: 30 days
    paths: [monitors-ci/]
    reports:
      terraform: monitors-ci/plan-report.json # the plan's counts in the merge request widget
      junit: monitors-ci/check-junit.xml # the plan's check, a test case per monitor (tests widget)

validate:
  stage: validate
  rules:
    - if: $CI_PIPELINE_SOURCE == "merge_request_event"
  artifacts:
    when: always # the findings matter most when validate fails
    expire_in: 30 days
    paths: [monitors-ci/]
    reports:
      codequality: monitors-ci/gl-code-quality-report.json # each finding in the merge request widget
  script:
    - node .monitors/monitors.mjs ci validate monitors

plan:
  stage: plan
  extends: [.report]
  rules:
    - if: $CI_PIPELINE_SOURCE == "merge_request_event"
  needs: [] # also after a failed validate: the note then shows the errors instead of an old plan
  interruptible: true # a newer push makes this plan useless (plans never change anything)
  variables:
    MONITORS_API_TOKEN: $MONITORS_PLAN_TOKEN
  script:
    - node .monitors/monitors.mjs ci plan monitors --lock-branch monitors-state --check

apply:
  stage: apply
  extends: [.report]
  rules:
    - if: $CI_COMMIT_BRANCH == $CI_DEFAULT_BRANCH && $CI_PIPELINE_SOURCE == "push"
  interruptible: false # a running apply is never cancelled half-way
  resource_group: monitors # one apply at a time
  variables:
    MONITORS_API_TOKEN: $MONITORS_APPLY_TOKEN
  script:
    - node .monitors/monitors.mjs ci apply monitors --lock-branch monitors-state

drift:
  stage: drift
  extends: [.report]
  rules:
    - if: $CI_PIPELINE_SOURCE == "schedule" || $CI_PIPELINE_SOURCE == "web"
  variables:
    MONITORS_API_TOKEN: $MONITORS_PLAN_TOKEN
  script:
    - node .monitors/monitors.mjs ci drift monitors --lock-branch monitors-state
`;var p=(e,t)=>[`In ${e}: commit .monitors/ (the bundle the jobs run as .monitors/monitors.mjs) with the rest, add the variable MONITORS_API_URL`,`and the secrets MONITORS_PLAN_TOKEN and MONITORS_APPLY_TOKEN (repository Settings > Actions), as ${t} says at its top.`],m={forgejo:{path:".forgejo/workflows/monitors.yml",text:i("forgejo"),what:"plan on pull requests, apply on main, drift daily (monitors ci in Forgejo Actions)",nextSteps:p("Forgejo",".forgejo/workflows/monitors.yml"),bundle:!0},gitea:{path:".gitea/workflows/monitors.yml",text:i("gitea"),what:"plan on pull requests, apply on main, drift daily (monitors ci in Gitea Actions)",nextSteps:p("Gitea",".gitea/workflows/monitors.yml"),bundle:!0},github:{path:".github/workflows/monitors.yml",text:c,what:"plan on pull requests, apply on main, drift daily (the monitors Action)",nextSteps:["In GitHub: add the secrets MONITORS_PLAN_TOKEN and MONITORS_APPLY_TOKEN and the variable MONITORS_API_URL","(Settings > Secrets and variables > Actions), as .github/workflows/monitors.yml says at its top."],bundle:!1},gitlab:{path:".gitlab-ci.yml",text:d,what:"plan on merge requests, apply on the default branch, drift on a schedule (monitors ci)",nextSteps:["In GitLab: commit .monitors/ (the bundle the jobs run as .monitors/monitors.mjs) with the rest, and set the CI/CD variables","MONITORS_API_URL, MONITORS_GITLAB_TOKEN, MONITORS_PLAN_TOKEN and MONITORS_APPLY_TOKEN, as .gitlab-ci.yml says at its top."],bundle:!0},azure:{path:"azure-pipelines.yml",text:l,what:"plan on pull requests, apply on main, drift daily (monitors ci in Azure Pipelines)",nextSteps:["In Azure DevOps: commit .monitors/ (the bundle the jobs run) with the rest, create the pipeline from azure-pipelines.yml, the variable group",'"monitors" and the branch policy "Build validation" on main, and give the build service its permissions, as azure-pipelines.yml says at its top.'],bundle:!0},bitbucket:{path:"bitbucket-pipelines.yml",text:h,what:"plan on pull requests, apply on main, drift on a schedule (monitors ci in Bitbucket Pipelines)",nextSteps:["In Bitbucket: commit .monitors/ (the bundle the steps run as .monitors/monitors.mjs), enable Pipelines, and set the variables","MONITORS_API_URL, BITBUCKET_ACCESS_TOKEN (a repository access token; app passwords are retired), MONITORS_PLAN_TOKEN,","and MONITORS_APPLY_TOKEN in the deployment environment Production, as bitbucket-pipelines.yml says at its top."],bundle:!0},"bitbucket-dc":void 0,plain:void 0},M=a.filter(e=>m[e]!==void 0);function L(e){return m[e]}export{M as a,L as b};
