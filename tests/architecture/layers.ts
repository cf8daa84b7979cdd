// The layers of src/ as docs/architecture.md draws them (a block of rows, top down, folders
// of one row separated by commas), and the imports that reach up across them.
import type { ImportGraph } from './import-graph.js';

/** Folder -> its row, 0 at the top. */
export type Layers = Map<string, number>;

/** The rows of the first code block that follows `marker` in the page. */
export function layersFrom(markdown: string, marker: string): Layers {
  const after = markdown.slice(markdown.indexOf(marker));
  const block = /```\n([\s\S]*?)```/.exec(after)?.[1] ?? '';
  const layers: Layers = new Map();
  block
    .trim()
    .split('\n')
    .forEach((row, i) => row.split(',').forEach((folder) => layers.set(folder.trim(), i)));
  return layers;
}

/**
 * Each import from a folder to a folder on a higher row (or to a folder the page does not
 * place), as `from -> to`. Files at the root of src/ (errors.ts) may be imported from anywhere.
 */
export function upwardImports(graph: ImportGraph, layers: Layers): string[] {
  const folderOf = (file: string) => (file.includes('/') ? file.slice(0, file.indexOf('/')) : undefined);
  const found: string[] = [];
  for (const [from, targets] of graph) {
    const source = folderOf(from);
    for (const to of targets) {
      const target = folderOf(to);
      if (source === undefined || target === undefined || source === target) continue;
      const below = layers.get(source);
      const above = layers.get(target);
      if (below === undefined || above === undefined || above < below) found.push(`${from} -> ${to}`);
    }
  }
  return found.sort();
}
