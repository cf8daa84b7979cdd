// Imports run downward: a folder of src/ imports only from its own row of the layers that
// docs/architecture.md draws, or from rows below it. The page and the code cannot drift
// apart: the rows are read from the page itself.
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { importGraph, type ImportGraph } from './import-graph.js';
import { layersFrom, upwardImports } from './layers.js';

const root = resolve(import.meta.dirname, '../..');
const page = readFileSync(join(root, 'docs', 'architecture.md'), 'utf8');
const MARKER = 'The folders of `src/` follow this flow';

describe('the layers of src/', () => {
  it('places every folder of src/ on a row of docs/architecture.md', () => {
    const layers = layersFrom(page, MARKER);
    const folders = new Set(
      [...importGraph(join(root, 'src')).keys()].filter((f) => f.includes('/')).map((f) => f.split('/')[0]!),
    );
    expect([...folders].filter((folder) => !layers.has(folder))).toEqual([]);
  });

  it('has no import that reaches up a row', () => {
    expect(upwardImports(importGraph(join(root, 'src')), layersFrom(page, MARKER))).toEqual([]);
  });

  it('finds an import that reaches up, and lets a row import itself and the rows below', () => {
    const layers = layersFrom('The folders\n```\ncli\napply, locate\nmodel\n```\n', 'The folders');
    const graph: ImportGraph = new Map([
      ['model/a.ts', new Set(['apply/b.ts', 'errors.ts'])],
      ['apply/b.ts', new Set(['locate/c.ts', 'model/a.ts'])],
      ['locate/c.ts', new Set(['apply/b.ts'])],
      ['cli/d.ts', new Set(['apply/b.ts', 'stray/e.ts'])],
    ]);
    expect(upwardImports(graph, layers)).toEqual(['cli/d.ts -> stray/e.ts', 'model/a.ts -> apply/b.ts']);
  });
});
