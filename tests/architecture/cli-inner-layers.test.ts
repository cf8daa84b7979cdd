// Inside src/cli the folders are layered too: a command (commands/) uses how a plan is got
// (planning/) and the steps commands share (steps/), planning uses steps, and nothing
// imports up: steps never import planning or a command, planning never a command.
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { importGraph } from './import-graph.js';

const root = resolve(import.meta.dirname, '../..');
/** Each folder of src/cli and the folders of src/cli it must not import. */
const NEVER: Record<string, string[]> = {
  'cli/steps/': ['cli/planning/', 'cli/commands/'],
  'cli/planning/': ['cli/commands/'],
  'cli/worker/': ['cli/planning/', 'cli/commands/'],
};

describe('the inner layers of src/cli', () => {
  it('has no import from steps or worker up to planning or commands, nor from planning to commands', () => {
    const up: string[] = [];
    for (const [from, targets] of importGraph(join(root, 'src')))
      for (const [folder, banned] of Object.entries(NEVER))
        if (from.startsWith(folder))
          for (const to of targets) if (banned.some((b) => to.startsWith(b))) up.push(`${from} -> ${to}`);
    expect(up).toEqual([]);
  });
});
