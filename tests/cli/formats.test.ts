// Every command with --format offers exactly the formats of the registry that render its
// subject: --help lists each with what it is for, and any other value is refused with the
// list, exit 1, before anything is read. The built CLI, in an empty folder.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatsOf } from '../../src/render/formats/registry.js';
import type { Subject } from '../../src/render/formats/subjects.js';
import { runCli } from '../helpers/run-cli.js';

const COMMANDS: [string[], Subject][] = [
  [['plan'], 'plan'],
  [['show', 'plan.json'], 'plan'],
  [['apply', '--yes'], 'apply'],
  [['destroy', '--yes'], 'apply'],
  [['check'], 'check'],
  [['status'], 'status'],
  [['validate'], 'validation'],
  [['environments'], 'environments'],
];

let dir = '';
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'formats-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const oneLine = (text: string) => text.replace(/\s+/g, ' ');

describe('--format of every command', () => {
  it('lists in --help each format the command renders, with what it is for', async () => {
    const helps = await Promise.all(COMMANDS.map(([[name]]) => runCli([name!, '--help'], { cwd: dir })));
    COMMANDS.forEach(([[name], subject], i) => {
      const help = oneLine(helps[i]!.stdout);
      expect(helps[i]!.code, name).toBe(0);
      const line = help.slice(help.indexOf('--format <format>'));
      for (const f of formatsOf(subject)) expect(line, name).toContain(`${f.name} (${f.description})`);
    });
    expect(oneLine(helps[0]!.stdout)).toMatch(/--format <format> text \(.*\), markdown \(.*\) or json \(.*\)/);
  });

  it('refuses an unknown format with the list, exit 1, and writes nothing to stdout', async () => {
    const runs = await Promise.all(COMMANDS.map(([args]) => runCli([...args, '--format', 'yaml'], { cwd: dir })));
    COMMANDS.forEach(([[name], subject], i) => {
      const r = runs[i]!;
      const names = formatsOf(subject).map((f) => f.name);
      const list = `${names.slice(0, -1).join(', ')} or ${names.at(-1)}`;
      expect({ name, code: r.code, stdout: r.stdout }).toEqual({ name, code: 1, stdout: '' });
      expect(r.stderr, name).toMatch(new RegExp(`^error BAD_OPTION: --format must be ${list}, not "yaml"\\n`));
      expect(r.stderr, name).not.toMatch(/\n\s+at /);
    });
  });
});
