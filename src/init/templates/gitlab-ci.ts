// .gitlab-ci.yml of `monitors init --ci gitlab`: one workspace (no settings.environments),
// the pipeline of examples/gitlab/.gitlab-ci.yml (which has a job per environment) reduced to
// one job each, running `monitors ci` (docs/ci.md, "GitLab CI"). Keep the two aligned.
export const GITLAB_CI = `# Monitors as code in GitLab CI, for one workspace: the YAML under monitors/, the lock record
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
`;
