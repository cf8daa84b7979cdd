// The import graph of src/, read as TypeScript reads it (ts.preProcessFile: static imports,
// `import type`, re-exports and dynamic `import()` alike), and the circles in it. A type-only
// import counts: it is still a file reaching up for what should sit below it.
import { readFileSync, existsSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import ts from 'typescript';
import { tsFilesUnder } from './source-files.js';

/** File -> the files it imports (relative to one root, with `/`). */
export type ImportGraph = Map<string, Set<string>>;

/** The graph of every .ts file under `root`; only relative imports of files under it count. */
export function importGraph(root: string): ImportGraph {
  const files = tsFilesUnder(root);
  const graph: ImportGraph = new Map();
  for (const file of files) {
    const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
    const targets = new Set<string>();
    for (const { fileName } of importedFiles) {
      if (!fileName.startsWith('.')) continue; // a package or node: builtin
      const target = resolve(dirname(file), fileName.replace(/\.js$/, '.ts'));
      if (existsSync(target)) targets.add(name(root, target));
    }
    graph.set(name(root, file), targets);
  }
  return graph;
}

const name = (root: string, file: string) => relative(root, file).split('\\').join('/');

/**
 * Every circle of the graph, one per strongly connected component (Tarjan's algorithm,
 * iterative: no recursion depth to run out of), each as a closed path through its files
 * (`[a, b, a]`): the shortest way back to its first file, which is the one to read first.
 */
export function importCircles(graph: ImportGraph): string[][] {
  return stronglyConnected(graph)
    .filter((group) => group.length > 1 || graph.get(group[0]!)?.has(group[0]!))
    .map((group) => closedPath(graph, new Set(group)))
    .sort((a, b) => a[0]!.localeCompare(b[0]!));
}

function stronglyConnected(graph: ImportGraph): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const groups: string[][] = [];
  let next = 0;
  for (const start of graph.keys()) {
    if (index.has(start)) continue;
    const work: { node: string; edges: Iterator<string> }[] = [];
    const enter = (node: string) => {
      index.set(node, next);
      low.set(node, next++);
      stack.push(node);
      onStack.add(node);
      work.push({ node, edges: (graph.get(node) ?? new Set()).values() });
    };
    enter(start);
    while (work.length > 0) {
      const top = work[work.length - 1]!;
      const step = top.edges.next();
      if (!step.done) {
        const to = step.value;
        if (!graph.has(to)) continue;
        if (!index.has(to)) enter(to);
        else if (onStack.has(to)) low.set(top.node, Math.min(low.get(top.node)!, index.get(to)!));
        continue;
      }
      work.pop();
      if (work.length > 0) {
        const parent = work[work.length - 1]!.node;
        low.set(parent, Math.min(low.get(parent)!, low.get(top.node)!));
      }
      if (low.get(top.node) === index.get(top.node)) {
        const group: string[] = [];
        let member: string;
        do {
          member = stack.pop()!;
          onStack.delete(member);
          group.push(member);
        } while (member !== top.node);
        groups.push(group.sort());
      }
    }
  }
  return groups;
}

/** The shortest path from the group's first file back to itself, within the group (breadth first). */
function closedPath(graph: ImportGraph, group: Set<string>): string[] {
  const first = [...group].sort()[0]!;
  const cameFrom = new Map<string, string>();
  const queue = [first];
  while (queue.length > 0) {
    const node = queue.shift()!;
    for (const to of [...(graph.get(node) ?? [])].sort()) {
      if (!group.has(to)) continue;
      if (to === first) {
        const chain: string[] = [];
        for (let at = node; at !== first; at = cameFrom.get(at)!) chain.unshift(at);
        return [first, ...chain, first];
      }
      if (!cameFrom.has(to)) {
        cameFrom.set(to, node);
        queue.push(to);
      }
    }
  }
  return [first, first];
}

/** One line per circle: `a.ts -> b.ts -> a.ts (and 3 more files in the same circle)`. */
export function describeCircles(circles: readonly string[][], graph: ImportGraph): string {
  return circles
    .map((path) => {
      const size = new Set(path).size;
      const all = stronglyConnected(graph).find((group) => group.includes(path[0]!))?.length ?? size;
      return (
        path.join(' -> ') +
        (all > size ? ` (and ${all - size} more file${all - size === 1 ? '' : 's'} in the same circle)` : '')
      );
    })
    .join('\n');
}
