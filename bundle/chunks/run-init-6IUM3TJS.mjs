import { createRequire as __monitorsCreateRequire } from 'node:module';
const require = __monitorsCreateRequire(import.meta.url);
import{a as i}from"./chunk-GSLEMFT6.mjs";import"./chunk-JBJVVJLC.mjs";import m from"node:path";function f(e,o,n){let r=Math.max(...o.map(t=>t.path.length)),s=[`Wrote a starter repository in ${e}:`,...o.map(t=>`  ${t.path.padEnd(r)}  ${t.what}`),"","Next steps:",...e==="."?[]:[`  cd ${e.includes(" ")?JSON.stringify(e):e}`],"  monitors validate                  # offline: valid as written; then make monitors/monitors.yaml yours","  export MONITORS_API_URL=https://YOUR-API/api/v1","  export MONITORS_API_TOKEN=...      # a token from the dashboard (settings, API); never in a file","  monitors plan                      # what apply would create; nothing changes yet","  monitors apply                     # asks before it changes anything","No account yet? `monitors sim` (in another terminal) runs a local simulator of the API: use the URL and token it prints."];return n==="github"&&s.push("In GitHub: add the secrets MONITORS_PLAN_TOKEN and MONITORS_APPLY_TOKEN and the variable MONITORS_API_URL","(Settings > Secrets and variables > Actions), as .github/workflows/monitors.yml says at its top."),n==="gitlab"&&s.push("In GitLab: commit the bundle of a monitors release (the folder bundle/) as .monitors/, so that the jobs run it as .monitors/monitors.mjs, and set the","CI/CD variables MONITORS_API_URL, MONITORS_GITLAB_TOKEN, MONITORS_PLAN_TOKEN and MONITORS_APPLY_TOKEN, as .gitlab-ci.yml says at its top."),`${s.join(`
`)}
`}function _(e){return`# Secrets for \${env:NAME} references: keep them out of git.
.env
.env.*
# Saved plans (monitors plan --out NAME.plan.json) and CI reports.
*.plan.json
monitors-ci/
node_modules/
${e?`# The lock file: CI keeps it on the branch monitors-state (apply --lock-branch), never on main.
monitors/monitors.lock.json
`:`# Commit the lock file (monitors/monitors.lock.json) after every apply: it is how plans see
# what the API does not return. It holds ids, names, values from the YAML and hashes, never a secret.
`}`}var w=`# Monitors as code, in GitHub Actions, for a repository whose main branch is protected
# (pull requests required; CI never pushes to main). Copy this file to
# .github/workflows/monitors.yml in the repository that holds your monitors (YAML under
# monitors/). The lock file, monitors/monitors.lock.json, is kept at that same path on a
# branch of its own, monitors-state, which the first apply creates (an orphan branch that
# holds only lock files). main is never pushed to. To commit the lock file to main instead,
# see examples/github-lock-on-main.
#
# Pull request: validate (errors appear as annotations on the YAML lines), then plan with
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
`;var y=`# Monitors as code in GitLab CI, for one workspace: the YAML under monitors/, the lock record
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

validate:
  stage: validate
  rules:
    - if: $CI_PIPELINE_SOURCE == "merge_request_event"
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
`;var I=`# Your monitors: each item under monitors: is one monitor, with the fields of the monitoring
# API's monitor input. Keep as many files as you like under monitors/ (any names).
# \`monitors validate\` checks them offline; \`monitors plan\` shows what \`monitors apply\`
# would change. The whole format: docs/yaml-format.md of the monitors package.

# Fields every monitor of THIS file starts from; a monitor's own fields win. The API
# requires all of these (and name and url, which each monitor sets).
defaults:
  type: http                       # the check: http, keyword, json, ping, tcp, udp, dns, ssl, domain, heartbeat
  method: GET                      # the HTTP method of http, keyword and json checks
  interval_seconds: 300            # how often it is checked: 120 or more, one of the intervals your workspace enables
  timeout_seconds: 10              # how long one check may take: 2 to 60
  retry_count: 1                   # a failed check is tried again at once this many times: 0 to 5
  confirmation_attempts: 2         # failed checks in a row before an incident opens (and alerts): 1 to 5
  slow_threshold_ms: 2000          # an answer slower than this is "degraded": 100 to 60000
  expected_status_min: 200         # the HTTP statuses that count as up: from this one...
  expected_status_max: 299         # ...to this one (100 to 599)
  max_redirects: 5                 # redirects followed at most, when follow_redirects is true
  auth_type: none                  # none, basic (auth_username, auth_secret) or bearer (auth_secret)
  execution_mode: single_location  # local, single_location, or multi_location (with locations: [...])
  consensus_threshold: 1           # multi_location: how many locations must see it fail: 1 to 5

monitors:
  # http: up when the URL answers with a status from expected_status_min to expected_status_max.
  - name: "example: home page"
    url: https://www.example.com/

  # keyword: an http check whose body must contain the keyword (keyword_mode: absent, must not).
  - name: "example: home page shows its title"
    type: keyword
    url: https://www.example.com/
    keyword: Example Domain

  # json: an http check of a JSON answer: json_pointer picks a value, compared with json_expected.
  - name: "example: API health"
    type: json
    url: https://api.example.com/health
    json_pointer: /status
    json_operator: equals          # equals, not_equals, exists, not_exists
    json_expected: ok
    # An API that needs a token: auth_type: bearer and auth_secret: \${env:EXAMPLE_API_TOKEN}.
    # Secrets are always written \${env:NAME}, read from the environment, never stored.

  # ssl: the host's certificate is valid, for minimum_tls_days more days at least (port 443 unless port: is set).
  - name: "example: TLS certificate"
    type: ssl
    url: www.example.com
    minimum_tls_days: 14

  # tcp: a connection to the host's port opens.
  - name: "example: mail server"
    type: tcp
    url: mail.example.com
    port: 25

  # dns: the host has records of dns_record_type (with dns_expected: that one among them).
  - name: "example: DNS"
    type: dns
    url: www.example.com
    dns_record_type: A

  # domain: the domain's registration runs for minimum_domain_days more days at least.
  - name: "example: domain registration"
    type: domain
    url: example.com
    minimum_domain_days: 30

  # ping: the host answers ping (ICMP echo).
  - name: "example: ping"
    type: ping
    url: www.example.com

# Also: udp (port, udp_payload and udp_expected in hex) and heartbeat (your job calls the
# monitor; heartbeat_grace_seconds). To rename a monitor and keep its history, declare
# the rename under moved: ({from: old name, to: new name}).
`;var g=`# Settings of the whole set of monitors (at most one file of the set declares settings:).
settings:
  # Which live monitors a plan may delete: only those this tool manages, recorded in the
  # lock file (monitors/monitors.lock.json, written by apply). Monitors made in the
  # dashboard are listed as unmanaged and never touched.
  scope: lock
  # A plan that would delete more monitors than this, or more than this share of them, is
  # refused (--allow-mass-delete lets it through).
  max_deletes: 10
  max_delete_share: 0.5
  # Your API's base URL, ending in /api/v1. MONITORS_API_URL (or --api-url) wins over it.
  # api_url: https://monitoring.example.com/api/v1
`;var p=["github","gitlab"];function O(e){let o=[{path:"monitors/monitors.yaml",text:I,what:"defaults (the required fields, explained) and 8 monitors, one per common type"},{path:"monitors/settings.yaml",text:g,what:"settings of the whole set: what plan may delete"},{path:".gitignore",text:_(e!==void 0),what:"secrets, saved plans and CI reports stay out of git"}];return e==="github"&&o.push({path:".github/workflows/monitors.yml",text:w,what:"plan on pull requests, apply on main, drift daily (the monitors Action)"}),e==="gitlab"&&o.push({path:".gitlab-ci.yml",text:y,what:"plan on merge requests, apply on the default branch, drift on a schedule (monitors ci)"}),o}import{lstat as T,mkdir as v,readdir as k,rm as N,writeFile as A}from"node:fs/promises";import d from"node:path";var P={writeNew:(e,o)=>A(e,o,{flag:"wx"})};async function E(e,o){let n=[];for(let s of o){let t=await T(d.join(e,s.path)).then(()=>{},l=>l);t===void 0?n.push(s.path):t.code==="ENOTDIR"?n.push(`${s.path} (a file is in the way of its folder)`):t.code!=="ENOENT"&&n.push(`${s.path} (${t.code??"cannot be checked"})`)}let r=await k(d.join(e,"monitors")).then(s=>s.filter(t=>/\.ya?ml$/i.test(t)&&!o.some(l=>l.path===`monitors/${t}`)),()=>[]);for(let s of r)n.push(`monitors/${s} (YAML of another set of monitors)`);return n}async function b(e,o,n,r=P){let s=await T(e).catch(()=>{});if(s&&!s.isDirectory())throw new i("INIT_NOT_A_FOLDER",`${n} is a file, not a folder`,{hint:"Name a folder to create the repository in (monitors init my-monitors)."});let t=await E(e,o);if(t.length>0)throw new i("INIT_EXISTS",`${n} already has ${t.length===1?"a file":"files"} init would write: ${t.join(", ")}; nothing was written`,{hint:"init never overwrites a file: run it in a new folder (monitors init my-monitors), or move those files away."});let l=[],u=[];try{for(let a of o){let c=d.join(e,a.path),h=await v(d.dirname(c),{recursive:!0});h!==void 0&&u.push(h),await r.writeNew(c,a.text),l.push(c)}}catch(a){await Promise.all(l.map(h=>N(h,{force:!0})));for(let h of u.reverse())await N(h,{recursive:!0}).catch(()=>{});let c=a.code;throw new i("INIT_WRITE_FAILED",`could not write the starter repository in ${n} (${c??(a instanceof Error?a.message:String(a))}); nothing was left behind`,{cause:a})}}function R(e){if(e!==void 0){if(p.includes(e))return e;throw new i("BAD_OPTION",`--ci must be ${p.join(" or ")}, not "${e.slice(0,40)}"`,{hint:"monitors init --ci github writes .github/workflows/monitors.yml; --ci gitlab writes .gitlab-ci.yml."})}}async function Q(e){let o=R(e.ci);if(e.dir.trim()==="")throw new i("BAD_OPTION","init needs a folder name (or none: the current folder)");let n=m.resolve(e.cwd,e.dir),r=m.relative(e.cwd,n),s=r===""?".":r.startsWith("..")?n:r.split(m.sep).join("/"),t=O(o);return await b(n,t,s),f(s,t,o)}export{R as parseCi,Q as runInit};
