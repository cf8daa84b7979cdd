// .gitea/workflows/monitors.yml and .forgejo/workflows/monitors.yml of `monitors init --ci
// gitea|forgejo`: one workflow for both hosts, differing in the job token's name, the runner
// label and `permissions:` (Gitea reads it; Forgejo's token has its fixed set). The same text
// as examples/gitea and examples/forgejo (tests/ci/gitea-example.test.ts checks it), running
// `monitors ci` (docs/ci.md, "Gitea and Forgejo"). Change them together.
export type WorkflowHost = 'gitea' | 'forgejo';

const HOST = {
  gitea: { name: 'Gitea', token: 'GITEA_TOKEN', runsOn: 'ubuntu-latest', folder: '.gitea' },
  forgejo: { name: 'Forgejo', token: 'FORGEJO_TOKEN', runsOn: 'docker', folder: '.forgejo' },
} as const;

const permissions = (host: WorkflowHost, lines: string[]) =>
  host === 'gitea' ? ['    permissions:', ...lines.map((line) => `      ${line}`)] : [];

export function giteaWorkflow(host: WorkflowHost): string {
  const { name, token, runsOn, folder } = HOST[host];
  const job = (id: string, condition: string, extra: string[], command: string, apiToken: string) => [
    `  ${id}:`,
    `    if: ${condition}`,
    `    runs-on: ${runsOn}`,
    ...extra,
    '    env:',
    '      MONITORS_API_URL: ${{ vars.MONITORS_API_URL }}',
    `      MONITORS_API_TOKEN: \${{ secrets.${apiToken} }}`,
    `      ${token}: \${{ secrets.${token} }} # the job's own token: comment, status, issue, lock branch`,
    '    steps:',
    '      - uses: actions/checkout@v4',
    '        with:',
    '          fetch-depth: 20',
    '      - uses: actions/setup-node@v4',
    '        with:',
    '          node-version: 20',
    ...command.split('\n'),
    '',
  ];
  return [
    `# Monitors as code in ${name} Actions: the YAML under monitors/, the lock record on a branch`,
    '# of its own, monitors-state (created by the first apply; main is never pushed to, so branch',
    '# protection may require pull requests on it).',
    '#',
    '# The CLI: .monitors/ is the bundle of a release of monitors (the folder bundle/ at the tag',
    '# you choose: monitors.mjs and its chunks/), committed to this repository.',
    '#',
    '# Pull request: validate, then plan and check what the plan creates or replaces. The plan',
    "#   (with validate's findings when it fails) is ONE comment on the pull request, edited on",
    `#   every push, and a commit status "monitors/plan" on its head commit, which branch`,
    `#   protection can require. ${name} shows no findings on the diff from a CI: they are in`,
    '#   the comment and the log.',
    '# Push to main: apply, one run at a time, pushing the lock record to monitors-state.',
    '# Schedule (daily) or by hand: drift. While the live monitors differ from the YAML, ONE',
    "#   issue holds the plan (the repository's issues must be on); the first run without",
    '#   drift closes it.',
    '#',
    '# Repository settings > Actions: the variable MONITORS_API_URL (your API base URL, ending',
    '# in /api/v1), the secrets MONITORS_PLAN_TOKEN (scope monitors:read) and',
    '# MONITORS_APPLY_TOKEN (monitors:write and monitors:read), and one secret per ${env:NAME}',
    '# your YAML reads. Leave monitors-state unprotected (or let the Actions bot push to it).',
    'name: monitors',
    '',
    'on:',
    '  pull_request:',
    `    paths: ['monitors/**', '${folder}/workflows/monitors.yml']`,
    '  push:',
    '    branches: [main]',
    `    paths: ['monitors/**', '${folder}/workflows/monitors.yml']`,
    '  schedule:',
    "    - cron: '17 6 * * *' # drift check, daily at 06:17 UTC",
    '  workflow_dispatch: {} # run the drift check by hand',
    '',
    'jobs:',
    ...job(
      'plan',
      "github.event_name == 'pull_request'",
      [
        ...permissions(host, [
          'contents: write # the commit status (a status needs write access to the code)',
          'pull-requests: write # the plan comment',
        ]),
        '    concurrency: # a newer push makes an older plan useless (plans never change anything)',
        '      group: monitors-plan-${{ github.event.pull_request.number }}',
        '      cancel-in-progress: true',
      ],
      [
        '      - run: node .monitors/monitors.mjs ci validate monitors',
        '      - if: ${{ !cancelled() }} # also after a failed validate: the comment then shows its errors',
        '        run: node .monitors/monitors.mjs ci plan monitors --lock-branch monitors-state --check',
      ].join('\n'),
      'MONITORS_PLAN_TOKEN',
    ),
    ...job(
      'apply',
      "github.event_name == 'push'",
      [
        ...permissions(host, ['contents: write # the status, and the push of the lock record to monitors-state']),
        '    concurrency: # one apply at a time, never cancelled half-way',
        '      group: monitors-apply',
        '      cancel-in-progress: false',
      ],
      '      - run: node .monitors/monitors.mjs ci apply monitors --lock-branch monitors-state',
      'MONITORS_APPLY_TOKEN',
    ),
    ...job(
      'drift',
      "github.event_name == 'schedule' || github.event_name == 'workflow_dispatch'",
      permissions(host, ['contents: write # the status', 'issues: write # the drift issue']),
      '      - run: node .monitors/monitors.mjs ci drift monitors --lock-branch monitors-state',
      'MONITORS_PLAN_TOKEN',
    ),
  ]
    .join('\n')
    .replace(/\n+$/, '\n');
}
