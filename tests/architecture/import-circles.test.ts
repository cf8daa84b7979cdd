// No import circles in src/ (issue 26): imports run downward, cli -> render -> apply ->
// plan/load/api -> lock/model -> schema, and a file never takes even a type from a file
// above it. A shared type moves down into a small file of its own (docs/architecture.md).
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { describeCircles, importCircles, importGraph, type ImportGraph } from './import-graph.js';

const SRC = fileURLToPath(new URL('../../src', import.meta.url));

const graphOf = (edges: Record<string, string[]>): ImportGraph =>
  new Map(Object.entries(edges).map(([from, to]) => [from, new Set(to)]));

describe('import circles', () => {
  it('src/ has none, counting type-only and dynamic imports', () => {
    const graph = importGraph(SRC);
    expect(graph.size).toBeGreaterThan(100); // the walk found the tree
    const circles = importCircles(graph);
    expect(describeCircles(circles, graph), 'import circles in src/ (move the shared type down)').toBe('');
  });

  it('reads type-only, re-exported and dynamic imports as edges', () => {
    const graph = importGraph(SRC);
    // apply.ts loads apply-run.ts lazily and takes its options type from apply-options.ts.
    expect(graph.get('cli/commands/apply.ts')).toContain('cli/commands/apply-run.ts');
    expect(graph.get('cli/commands/apply-run.ts')).toContain('cli/arguments/apply-options.ts');
    // problem.ts takes only types, from below it.
    expect(graph.get('load/values/problem.ts')).toEqual(
      new Set(['load/values/instance-tag.ts', 'load/values/yaml-path.ts']),
    );
  });

  it('finds a circle in a graph that has one, and names its files in order', () => {
    const graph = graphOf({
      'cli/a.ts': ['plan/b.ts'],
      'plan/b.ts': ['model/c.ts'],
      'model/c.ts': ['cli/a.ts', 'schema/d.ts'],
      'schema/d.ts': [],
    });
    const circles = importCircles(graph);
    expect(circles).toEqual([['cli/a.ts', 'plan/b.ts', 'model/c.ts', 'cli/a.ts']]);
    expect(describeCircles(circles, graph)).toBe('cli/a.ts -> plan/b.ts -> model/c.ts -> cli/a.ts');
  });

  it('finds each circle once, a file importing itself, and the size of a larger circle', () => {
    const graph = graphOf({
      'a.ts': ['b.ts'],
      'b.ts': ['a.ts', 'c.ts'],
      'c.ts': ['d.ts'],
      'd.ts': ['b.ts'],
      'self.ts': ['self.ts'],
      'x.ts': ['y.ts'],
      'y.ts': [],
    });
    const circles = importCircles(graph);
    expect(circles).toEqual([
      ['a.ts', 'b.ts', 'a.ts'],
      ['self.ts', 'self.ts'],
    ]);
    expect(describeCircles(circles, graph)).toBe(
      'a.ts -> b.ts -> a.ts (and 2 more files in the same circle)\nself.ts -> self.ts',
    );
  });

  it('finds none in a graph that runs downward', () => {
    expect(importCircles(graphOf({ 'a.ts': ['b.ts', 'c.ts'], 'b.ts': ['c.ts'], 'c.ts': [] }))).toEqual([]);
  });
});
