// The pure pieces of `monitors ci` (src/ci/): the CLI runs of each command and what their exit
// codes mean, the texts of the report, the drift issue and the comment, and environments.
import { describe, expect, it } from 'vitest';
import {
  combinedReport,
  environmentChildEnv,
  environmentsFromReport,
  fitSection,
  selectEnvironments,
  summaryOf,
} from '../../src/ci/environments.js';
import { GITHUB_MAX_BODY as MAX_COMMENT_CHARS } from '../../src/ci/github.js';
import { driftBody as driftText } from '../../src/ci/markers.js';
import { ciOptions, providerName, type CiFlags } from '../../src/ci/options.js';
import { PROVIDERS } from '../../src/ci/provider-names.js';
import { checkReport as checkText, textReport } from '../../src/ci/report.js';
import { checkArgs, commandArgs, outcomeOf, planCounts } from '../../src/ci/steps.js';

/** The options of `monitors ci COMMAND PATH` with these flags (as the Action's inputs give them: path `monitors` by default). */
const inputs = (extra: { command?: string; path?: string } & Partial<CiFlags>) => {
  const { command = 'plan', path = 'monitors', ...flags } = extra;
  return ciOptions(command, path, { comment: true, ...flags });
};
const checkReport = (_options: unknown, code: number, stdout: string, output: string) =>
  checkText('monitors', 'pull request', { code, stdout, output });
const driftBody = (text: { path: string; planMarkdown: string; runUrl?: string; now: Date }) =>
  driftText({ ...text, runName: 'workflow run', maxChars: MAX_COMMENT_CHARS, whereFull: 'the job summary and log' });

describe('monitors ci pieces', () => {
  it('maps a plan’s exit 2 to success with changes, and nothing else', () => {
    expect(outcomeOf('plan', 2)).toEqual({ ok: true, changes: true });
    expect(outcomeOf('plan', 0)).toEqual({ ok: true, changes: false });
    expect(outcomeOf('plan', 1)).toEqual({ ok: false, changes: false });
    expect(outcomeOf('drift', 2)).toEqual({ ok: true, changes: true });
    expect(outcomeOf('drift', 0)).toEqual({ ok: true, changes: false });
    expect(outcomeOf('drift', 1)).toEqual({ ok: false, changes: false });
    expect(outcomeOf('apply', 2)).toEqual({ ok: false, changes: false });
    expect(outcomeOf('validate', 0)).toEqual({ ok: true, changes: false });
  });

  it('builds each command’s arguments: detailed exit code for plans, --yes for applies', () => {
    expect(commandArgs(inputs({ path: 'mon', lock: 'mon.lock.json' }))).toEqual([
      'plan',
      'mon',
      '--lock',
      'mon.lock.json',
      '--detailed-exitcode',
      '--format',
      'markdown',
    ]);
    expect(commandArgs(inputs({ command: 'apply' }))).toEqual(['apply', 'monitors', '--yes']);
    expect(commandArgs(inputs({ command: 'drift' }))).toEqual([
      'plan',
      'monitors',
      '--detailed-exitcode',
      '--format',
      'markdown',
    ]);
    expect(commandArgs(inputs({ command: 'apply', lockBranch: 'monitors-state' }))).toEqual([
      'apply',
      'monitors',
      '--lock-branch',
      'monitors-state',
      '--yes',
    ]);
    expect(commandArgs(inputs({ lockBranch: 'monitors-state' }))).toEqual([
      'plan',
      'monitors',
      '--lock-branch',
      'monitors-state',
      '--detailed-exitcode',
      '--format',
      'markdown',
    ]);
    expect(commandArgs(inputs({ command: 'validate', lockBranch: 'monitors-state' }))).toEqual([
      'validate',
      'monitors',
    ]);
    expect(commandArgs(inputs({ command: 'validate', path: 'a/b' }))).toEqual(['validate', 'a/b']);
  });

  it('without a path, the CLI runs on ., the default of every other command', () => {
    expect(ciOptions('plan', undefined, { comment: true }).path).toBe('.');
    expect(ciOptions('validate', '  ', { comment: true }).path).toBe('.');
  });

  it('refuses an unknown command with a clear message, and reads comment and the drift label', () => {
    expect(() => inputs({ command: 'destroy' })).toThrow('monitors ci: unknown command "destroy"');
    expect(inputs({ comment: false }).comment).toBe(false);
    expect(inputs({}).driftLabel).toBe('monitors-drift');
    expect(inputs({ driftLabel: '' }).driftLabel).toBe('');
    expect(inputs({ driftLabel: ' ops ' }).driftLabel).toBe('ops');
  });

  it('finds the CI from the environment, or takes --provider', () => {
    expect(providerName(undefined, { GITHUB_ACTIONS: 'true' })).toBe('github');
    expect(providerName(undefined, { GITLAB_CI: 'true' })).toBe('gitlab');
    expect(providerName(undefined, { CI: 'true' })).toBe('plain');
    expect(providerName('gitlab', { GITHUB_ACTIONS: 'true' })).toBe('gitlab');
    expect(() => providerName('jenkins', {})).toThrow(`--provider "jenkins" is not one of ${PROVIDERS.join(', ')}`);
  });

  it("reads a plan's counts from its Markdown summary line", () => {
    expect(planCounts('**Plan: 1 to create, 2 to update, 3 to delete.**\n')).toEqual({
      create: 1,
      replace: 2,
      delete: 3,
    });
    expect(planCounts('**No changes. 4 monitors up to date.**\n')).toEqual({ create: 0, replace: 0, delete: 0 });
    // The Markdown plan names its environment (issue 23 point 5); the counts read the same.
    expect(planCounts('**Plan for staging: 1 to create, 2 to update, 3 to delete.**\n')).toEqual({
      create: 1,
      replace: 2,
      delete: 3,
    });
    expect(planCounts('**No changes in staging. 4 monitors up to date.**\n')).toEqual({
      create: 0,
      replace: 0,
      delete: 0,
    });
    expect(planCounts('error')).toBeUndefined();
  });

  it('reports a failed run with its output, without repeating annotations', () => {
    const text = textReport(
      inputs({ command: 'validate' }),
      1,
      'a.yaml:1:1: error x\n::error file=a.yaml,line=1::x\n1 error in 1 file.\n',
      false,
    );
    expect(text).toBe(
      '#### monitors validate `monitors`: failed (exit 1)\n\n```\na.yaml:1:1: error x\n1 error in 1 file.\n```\n',
    );
  });

  it('runs check --changed after a plan when asked, with the extra check arguments', () => {
    expect(inputs({}).check).toBe(false);
    const asked = inputs({
      check: true,
      lock: 'l.json',
      checkArgs: ' --ca  ca.pem --concurrency 2 ',
    });
    expect(asked.check).toBe(true);
    expect(checkArgs(asked)).toEqual([
      'check',
      'monitors',
      '--lock',
      'l.json',
      '--ca',
      'ca.pem',
      '--concurrency',
      '2',
      '--changed',
      '--format',
      'markdown',
    ]);
    expect(checkArgs(inputs({}))).toEqual(['check', 'monitors', '--changed', '--format', 'markdown']);
  });

  it('puts the check’s Markdown beside the plan, or its error output when it could not run', () => {
    expect(checkReport(inputs({}), 1, '**Check: 0 up, 0 degraded, 1 down, 0 not checked.**\n', 'ignored')).toBe(
      '#### monitors check `monitors`: the monitors this pull request creates or replaces, checked from the runner\n\n**Check: 0 up, 0 degraded, 1 down, 0 not checked.**\n',
    );
    expect(checkReport(inputs({}), 1, '', 'error BAD_OPTION: --ca x could not be read\n')).toBe(
      '#### monitors check --changed `monitors`: failed (exit 1)\n\n```\nerror BAD_OPTION: --ca x could not be read\n```\n',
    );
  });
});

describe('the drift issue text', () => {
  it('starts with the marker, says when and where, and stays under GitHub’s limit with a huge plan', () => {
    const now = new Date('2026-03-02T06:17:00Z');
    const body = driftBody({
      path: 'monitors',
      planMarkdown: '**Plan: 1 to create, 0 to update, 0 to delete.**',
      runUrl: 'https://github.test/a/b/actions/runs/1',
      now,
    });
    expect(body.split('\n').slice(0, 4)).toEqual([
      '<!-- monitors-drift:monitors -->',
      '### Drift: the live monitors differ from `monitors`',
      '',
      'The scheduled drift check on 2026-03-02T06:17:00.000Z ([workflow run](https://github.test/a/b/actions/runs/1)) planned against the live workspace and found changes.',
    ]);
    expect(body.endsWith('**Plan: 1 to create, 0 to update, 0 to delete.**')).toBe(true);
    const huge = driftBody({ path: 'monitors', planMarkdown: 'x'.repeat(200_000), now });
    expect(huge.length).toBeLessThanOrEqual(MAX_COMMENT_CHARS);
    expect(huge).toMatch(
      /^<!-- monitors-drift:monitors -->\n[\s\S]*… \(truncated: the full plan is in the job summary and log\)$/,
    );
  });
});

describe('monitors ci with environments', () => {
  const declared = [
    { name: 'staging', tokenEnv: 'STAGING_TOKEN', lockFile: 'locks/staging.json' },
    { name: 'production', tokenEnv: 'PRODUCTION_TOKEN', lockFile: 'locks/production.json' },
  ];

  it('reads the environments from validate --format json', () => {
    const report = JSON.stringify({
      valid: true,
      environments: [{ name: 'staging', monitors: 3, token_env: 'STAGING_TOKEN', lock_file: 'locks/staging.json' }],
    });
    expect(environmentsFromReport(report)).toEqual([declared[0]]);
    expect(environmentsFromReport(JSON.stringify({ valid: true }))).toEqual([]);
    expect(() => environmentsFromReport('not json')).toThrow('did not print JSON');
  });

  it('chooses all, or the names given, refusing undeclared ones', () => {
    expect(selectEnvironments('all', declared)).toEqual(declared);
    expect(selectEnvironments(' production,staging ', declared).map((e) => e.name)).toEqual(['production', 'staging']);
    expect(() => selectEnvironments('prod', declared)).toThrow(
      'the environments asked for (--environments, or the environments input) name prod, which the YAML does not declare (declared: staging, production)',
    );
    expect(() => selectEnvironments('all', [])).toThrow('the YAML declares no environments');
  });

  it("leaves the other environments' token variables and MONITORS_ENV out of each process", () => {
    const base = {
      PATH: '/bin',
      STAGING_TOKEN: 's',
      PRODUCTION_TOKEN: 'p',
      MONITORS_ENV: 'production',
      SHOP_SECRET: 'x',
    };
    expect(environmentChildEnv(base, declared[0]!, declared)).toEqual({
      PATH: '/bin',
      STAGING_TOKEN: 's',
      SHOP_SECRET: 'x',
    });
    expect(environmentChildEnv(base, declared[1]!, declared)).toEqual({
      PATH: '/bin',
      PRODUCTION_TOKEN: 'p',
      SHOP_SECRET: 'x',
    });
  });

  it('gives every environment its share of the comment, closing what a cut leaves open', () => {
    const big = `**Plan: 900 to create, 0 to update, 0 to delete.**\n\n<details>\n<summary>Show</summary>\n\n\`\`\`diff\n${'+ name: "x"\n'.repeat(9000)}\`\`\`\n\n</details>\n`;
    const report = combinedReport('plan', 'monitors', [
      { name: 'staging', ok: true, code: 2, changes: true, markdown: big, body: big },
      {
        name: 'production',
        ok: true,
        code: 0,
        changes: false,
        markdown: '**No changes. 3 monitors up to date.**\n',
        body: '**No changes. 3 monitors up to date.**\n',
      },
    ]);
    expect(report.length).toBeLessThan(60_000);
    expect(report).toContain(
      '- **staging**: Plan: 900 to create, 0 to update, 0 to delete.\n- **production**: No changes. 3 monitors up to date.',
    );
    expect(report).toContain('##### production\n\n**No changes. 3 monitors up to date.**');
    const staging = report.slice(report.indexOf('##### staging'), report.indexOf('##### production'));
    expect((staging.match(/^```/gm) ?? []).length % 2).toBe(0);
    expect((staging.match(/<details>/g) ?? []).length).toBe((staging.match(/<\/details>/g) ?? []).length);
    expect(staging).toContain('cut to share the comment');
    expect(fitSection('short', 100)).toBe('short');
  });

  it("says in an environment's summary line when its check failed", () => {
    const markdown = '**Plan: 1 to create, 0 to update, 0 to delete.**\n';
    expect(
      summaryOf({ name: 'staging', ok: true, code: 2, changes: true, markdown, body: markdown, check: 'ok' }),
    ).toBe('Plan: 1 to create, 0 to update, 0 to delete.');
    expect(
      summaryOf({ name: 'staging', ok: true, code: 2, changes: true, markdown, body: markdown, check: 'failed' }),
    ).toBe('Plan: 1 to create, 0 to update, 0 to delete. Check: a monitor is down, or the check failed.');
  });

  it("leaves out the environment a plan's own summary line names: the list names it already", () => {
    const section = (markdown: string) =>
      summaryOf({ name: 'staging', ok: true, code: 2, changes: true, markdown, body: markdown, check: 'ok' });
    expect(section('**Plan for staging: 1 to create, 0 to update, 0 to delete.**\n')).toBe(
      'Plan: 1 to create, 0 to update, 0 to delete.',
    );
    expect(section('**No changes in staging. 3 monitors up to date.**\n')).toBe('No changes. 3 monitors up to date.');
    expect(
      section(
        '**Plan for staging (partial, --target): 1 to create, 0 to update, 0 to delete; 2 changes not targeted.**',
      ),
    ).toBe('Plan (partial, --target): 1 to create, 0 to update, 0 to delete; 2 changes not targeted.');
    expect(
      section('**No changes in the targeted monitors of staging (partial plan, --target); 1 change not targeted.**'),
    ).toBe('No changes in the targeted monitors (partial plan, --target); 1 change not targeted.');
  });
});
