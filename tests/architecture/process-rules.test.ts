// Only some folders of src/ touch the process as a whole: its arguments, how it exits, its
// events (signals), the clock. docs/architecture.md draws the table ("Only these folders
// touch the process"); this test reads it from the page and fails on a use anywhere else,
// naming the file and line.
import { readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { allowancesFrom, mayUse, PROCESS_RULES, processUses } from './process-uses.js';
import { tsFilesUnder } from './source-files.js';

const root = resolve(import.meta.dirname, '../..');
const src = join(root, 'src');
const page = readFileSync(join(root, 'docs', 'architecture.md'), 'utf8');
const MARKER = 'Only these folders touch the process';

describe('the process rules of docs/architecture.md', () => {
  const table = allowancesFrom(page, MARKER);

  it('has a row for each rule', () => {
    expect([...table.keys()].sort()).toEqual([...PROCESS_RULES].sort());
    for (const { allowed } of table.values()) expect(allowed.length).toBeGreaterThan(0);
  });

  it('holds in src/: each use of the process is in a place its row allows', () => {
    const outside: string[] = [];
    for (const path of tsFilesUnder(src)) {
      const file = relative(src, path).split('\\').join('/');
      if (file.startsWith('load/generated/')) continue; // ajv's output, generated
      for (const use of processUses(readFileSync(path, 'utf8'), file))
        if (!mayUse(file, table.get(use.rule)!)) outside.push(`${use.rule}: src/${file}:${use.line}`);
    }
    expect(outside).toEqual([]);
  });

  it('finds each kind of use in the syntax, not in comments or strings', () => {
    const source = [
      '// process.argv, Date.now() in a comment',
      "const text = 'process.exitCode = 1';",
      'const script = process.argv[1];',
      'process.exitCode = 2;',
      'process.exit(3);',
      "process.once('SIGTERM', () => undefined);",
      'process.on(signal, stop);',
      'const a = Date.now();',
      'const clock = deps.now ?? Date.now;',
      'const b = new Date();',
      'const fixed = new Date(0);',
      'const t = performance.now();',
      'if (process.exitCode === 1) log();',
    ].join('\n');
    expect(processUses(source).map((u) => `${u.rule}:${u.line}`)).toEqual([
      'argv:3',
      'exit:4',
      'exit:5',
      'events:6',
      'events:7',
      'clock:8',
      'clock:9',
      'clock:10',
      'clock:12',
    ]);
  });

  it('reads allowed and excluded places from a row, and applies them by folder or by file', () => {
    const rows = allowancesFrom(
      `${MARKER}:\n\n| what | where |\n|---|---|\n| the clock | \`cli/\`, \`wait/\` (not \`wait/decide.ts\`) |\n`,
      MARKER,
    );
    const clock = rows.get('clock')!;
    expect(clock).toEqual({ allowed: ['cli/', 'wait/'], excluded: ['wait/decide.ts'] });
    expect(mayUse('wait/follow.ts', clock)).toBe(true);
    expect(mayUse('wait/decide.ts', clock)).toBe(false);
    expect(mayUse('plan/planner.ts', clock)).toBe(false);
    expect(mayUse('clipboard/x.ts', clock)).toBe(false);
  });
});
