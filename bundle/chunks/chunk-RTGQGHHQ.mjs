import { createRequire as __monitorsCreateRequire } from 'node:module';
const require = __monitorsCreateRequire(import.meta.url);
import{a as t}from"./chunk-767O3SJL.mjs";var o=`# Monitors as code, in GitHub Actions, for a repository whose main branch is protected
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
`;var s=`# Monitors as code in GitLab CI, for one workspace: the YAML under monitors/, the lock record
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
`;var n={github:{path:".github/workflows/monitors.yml",text:o,what:"plan on pull requests, apply on main, drift daily (the monitors Action)",nextSteps:["In GitHub: add the secrets MONITORS_PLAN_TOKEN and MONITORS_APPLY_TOKEN and the variable MONITORS_API_URL","(Settings > Secrets and variables > Actions), as .github/workflows/monitors.yml says at its top."]},gitlab:{path:".gitlab-ci.yml",text:s,what:"plan on merge requests, apply on the default branch, drift on a schedule (monitors ci)",nextSteps:["In GitLab: commit .monitors/ (the bundle the jobs run as .monitors/monitors.mjs) with the rest, and set the CI/CD variables","MONITORS_API_URL, MONITORS_GITLAB_TOKEN, MONITORS_PLAN_TOKEN and MONITORS_APPLY_TOKEN, as .gitlab-ci.yml says at its top."]},plain:void 0},l=t.filter(e=>n[e]!==void 0);function d(e){return n[e]}export{l as a,d as b};
