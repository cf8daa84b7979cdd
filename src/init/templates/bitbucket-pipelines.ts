// bitbucket-pipelines.yml of `monitors init --ci bitbucket`, also examples/bitbucket/ (a test
// keeps the two the same): one workspace, `monitors ci` in each step (docs/ci.md, "Bitbucket
// Cloud (Pipelines)").
export const BITBUCKET_PIPELINES = `# Monitors as code in Bitbucket Pipelines, for one workspace: the YAML under monitors/, the lock
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
`;
