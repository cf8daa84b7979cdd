// Inside src/cli the folders are layered too: a command (commands/) uses the steps commands
// share (steps/) and the loader's thread (worker/), and nothing imports up: steps and the
// worker never import a command. How a command opens the workspace and gets a plan is below
// src/cli altogether (src/workspace), which imports nothing of it (the layers test).
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { importGraph } from './import-graph.js';

const root = resolve(import.meta.dirname, '../..');
/** Each folder of src/cli and the folders of src/cli it must not import. */
const NEVER: Record<string, string[]> = {
  'cli/steps/': ['cli/commands/'],
  'cli/worker/': ['cli/commands/'],
};

describe('the inner layers of src/cli', () => {
  it('has no import from steps or worker up to commands', () => {
    const up: string[] = [];
    for (const [from, targets] of importGraph(join(root, 'src')))
      for (const [folder, banned] of Object.entries(NEVER))
        if (from.startsWith(folder))
          for (const to of targets) if (banned.some((b) => to.startsWith(b))) up.push(`${from} -> ${to}`);
    expect(up).toEqual([]);
  });
});
