// The pure parts of `--env all`: the worst exit code, and the combined text, Markdown and
// JSON (sections in the order declared).
import { describe, expect, it } from 'vitest';
import {
  renderAllJson,
  renderAllMarkdown,
  renderAllText,
  worstExit,
  type EnvironmentRun,
} from '../../src/env-all/combine.js';

const run = (name: string, code: number, stdout = `${name} out\n`): EnvironmentRun => ({
  name,
  code,
  stdout,
  output: `${stdout}error X: ${name} failed\n`,
});

describe('worstExit', () => {
  it('a failure over changes over none; changes count only with --detailed-exitcode', () => {
    expect(worstExit('plan', [run('a', 0), run('b', 2)], true)).toBe(2);
    expect(worstExit('plan', [run('a', 0), run('b', 2)], false)).toBe(0);
    expect(worstExit('plan', [run('a', 2), run('b', 1)], true)).toBe(1);
    expect(worstExit('plan', [run('a', 1), run('b', 130)], true)).toBe(130);
    expect(worstExit('status', [run('a', 0), run('b', 0)], false)).toBe(0);
    expect(worstExit('status', [run('a', 2)], false)).toBe(2);
  });
});

describe('the combined answer', () => {
  const runs = [run('staging', 0), run('production', 1)];

  it('text: a section each, a failure with what it said, then the summary', () => {
    expect(renderAllText('status', runs)).toBe(
      [
        '=== staging: ok ===',
        'staging out',
        '',
        '=== production: failed ===',
        'production out',
        'error X: production failed',
        '',
        'Every environment (2):',
        '  staging: ok (exit 0)',
        '  production: failed (exit 1)',
        '',
      ].join('\n'),
    );
  });

  it('JSON: each run’s own document, or null and its error', () => {
    const doc = JSON.parse(renderAllJson('plan', [run('a', 2, '{"changes":[1]}'), run('b', 1, '')], 1)) as unknown;
    expect(doc).toEqual({
      format_version: 1,
      environment: null,
      command: 'plan',
      exit_code: 1,
      environments: [
        { name: 'a', exit_code: 2, outcome: 'changes', result: { changes: [1] } },
        { name: 'b', exit_code: 1, outcome: 'failed', result: null, error: 'error X: b failed' },
      ],
    });
  });

  it('Markdown: the report of monitors ci, a failure fenced', () => {
    const md = renderAllMarkdown('plan', 'monitors', [run('a', 0, '**No changes in a.**\n'), run('b', 1, '')]);
    expect(md).toMatch(/^#### monitors plan `monitors`\n\n- \*\*a\*\*: No changes\.\n- \*\*b\*\*: failed \(exit 1\)\n/);
    expect(md).toContain('##### b\n\n```\nerror X: b failed\n```');
  });
});
