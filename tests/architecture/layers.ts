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

/**
 * The same inside one folder of src/ (`load`): its parts are its subfolders (`checks/`) and
 * the files at its top (`pipeline.ts`), each on a row. Each import from a part to a part of
 * the same folder on a higher row (or to a part the page does not place), as `from -> to`.
 */
export function upwardImportsInside(graph: ImportGraph, layers: Layers, folder: string): string[] {
  const found: string[] = [];
  for (const [from, targets] of graph) {
    const source = partOf(folder, from);
    if (source === undefined) continue;
    for (const to of targets) {
      const target = partOf(folder, to);
      if (target === undefined || target === source) continue;
      const below = layers.get(source);
      const above = layers.get(target);
      if (below === undefined || above === undefined || above < below) found.push(`${from} -> ${to}`);
    }
  }
  return found.sort();
}

/** The part of `folder` a file of src/ is in: `checks/` for load/checks/a.ts, `pipeline.ts` for load/pipeline.ts. */
export function partOf(folder: string, file: string): string | undefined {
  if (!file.startsWith(`${folder}/`)) return undefined;
  const rest = file.slice(folder.length + 1);
  return rest.includes('/') ? rest.slice(0, rest.indexOf('/') + 1) : rest;
}
