// Inside src/load the parts are layered too (issue 41): its folders and the files at its top
// sit on the rows that docs/architecture.md draws in its section on src/load, and an import
// runs only to its own row or a row below, so the loader's vocabulary (values/) is the ground
// and the passes (pipeline.ts) the top. The rows are read from the page itself.
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { importGraph, type ImportGraph } from './import-graph.js';
import { layersFrom, partOf, upwardImportsInside } from './layers.js';

const root = resolve(import.meta.dirname, '../..');
const page = readFileSync(join(root, 'docs', 'architecture.md'), 'utf8');
const MARKER = 'Inside `src/load` its parts are layered';

describe('the inner layers of src/load', () => {
  const graph = importGraph(join(root, 'src'));
  const layers = layersFrom(page, MARKER);

  it('places every folder and top-level file of src/load on a row of docs/architecture.md', () => {
    const parts = new Set([...graph.keys()].map((file) => partOf('load', file)).filter((p) => p !== undefined));
    expect(parts.size).toBeGreaterThan(10); // the walk found the loader
    expect([...parts].filter((part) => !layers.has(part))).toEqual([]);
    expect([...layers.keys()].filter((part) => !parts.has(part))).toEqual([]); // and the page names no part that is gone
  });

  it('has no import inside src/load that reaches up a row', () => {
    expect(upwardImportsInside(graph, layers, 'load')).toEqual([]);
  });

  it('finds an import that reaches up or to a part not placed, and lets a part import its own row and below', () => {
    const rows = layersFrom('Inside\n```\npipeline.ts\nchecks/, files/\nvalues/\n```\n', 'Inside');
    const small: ImportGraph = new Map([
      ['load/pipeline.ts', new Set(['load/checks/a.ts', 'load/values/v.ts', 'model/m.ts'])],
      ['load/checks/a.ts', new Set(['load/checks/b.ts', 'load/files/f.ts', 'load/pipeline.ts'])],
      ['load/files/f.ts', new Set(['load/stray.ts'])],
      ['load/values/v.ts', new Set(['load/checks/b.ts'])],
      ['model/m.ts', new Set(['load/pipeline.ts'])],
    ]);
    expect(upwardImportsInside(small, rows, 'load')).toEqual([
      'load/checks/a.ts -> load/pipeline.ts',
      'load/files/f.ts -> load/stray.ts',
      'load/values/v.ts -> load/checks/b.ts',
    ]);
  });
});
