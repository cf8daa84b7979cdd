// Inside src/cli the folders are layered too: a command (commands/) reads its arguments
// (arguments/: the options parsed and checked) and takes the steps commands share (steps/)
// and the loader's thread (worker/); nothing imports up: steps and the worker never import
// an argument parser or a command, and a parser never a command; the standard streams
// (output/) and the runner of a command's own script (start/) import none of the three. commands/ holds commands
// only: each file is named after one. How a command opens the workspace and gets a plan is
// below src/cli altogether (src/workspace), which imports nothing of it (the layers test).
import { readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { COMMAND_MODULES } from '../../src/cli/command-modules.js';
import { importGraph } from './import-graph.js';

const root = resolve(import.meta.dirname, '../..');
/** Each folder of src/cli and the folders of src/cli it must not import. */
const NEVER: Record<string, string[]> = {
  'cli/steps/': ['cli/arguments/', 'cli/commands/'],
  'cli/worker/': ['cli/arguments/', 'cli/commands/'],
  'cli/arguments/': ['cli/commands/'],
  'cli/output/': ['cli/arguments/', 'cli/commands/', 'cli/steps/'],
  'cli/start/': ['cli/arguments/', 'cli/commands/', 'cli/steps/'],
};

/**
 * A command's declaration `X.ts`, its work `X-run.ts`, or the work of one of its
 * subcommands or modes `X-WORD-run.ts` (`lock-forget-run.ts`, `export-adopt-run.ts`).
 */
export function namedAfterACommand(file: string, commands: readonly string[]): boolean {
  return commands.some(
    (c) => file === `${c}.ts` || file === `${c}-run.ts` || new RegExp(`^${c}-[a-z]+-run\\.ts$`).test(file),
  );
}

describe('the inner layers of src/cli', () => {
  it('has no import from steps or worker up to arguments or commands, nor from arguments to commands', () => {
    const up: string[] = [];
    for (const [from, targets] of importGraph(join(root, 'src')))
      for (const [folder, banned] of Object.entries(NEVER))
        if (from.startsWith(folder))
          for (const to of targets) if (banned.some((b) => to.startsWith(b))) up.push(`${from} -> ${to}`);
    expect(up).toEqual([]);
  });

  it('holds in commands/ only files named after a command, and each command declared there', () => {
    const commands = Object.keys(COMMAND_MODULES);
    const files = readdirSync(join(root, 'src/cli/commands'));
    expect(files.filter((f) => !namedAfterACommand(f, commands))).toEqual([]);
    expect(commands.filter((c) => !files.includes(`${c}.ts`))).toEqual([]);
  });

  it('tells a command file from a helper', () => {
    const commands = ['plan', 'lock', 'export'];
    for (const file of ['plan.ts', 'plan-run.ts', 'lock-forget-run.ts', 'export-adopt-run.ts'])
      expect(namedAfterACommand(file, commands), file).toBe(true);
    for (const file of ['lock-set.ts', 'plan-options.ts', 'collect.ts', 'export-repository.ts', 'planner.ts'])
      expect(namedAfterACommand(file, commands), file).toBe(false);
  });
});
