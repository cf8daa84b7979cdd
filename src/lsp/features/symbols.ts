// Point 7 of issue 32: document symbols (each monitor entry, a template's instances under
// it, per environment when they differ) and workspace symbols (every monitor of the sets by
// name, found where it is written).
import path from 'node:path';
import type { SetIndex } from '../set-index.js';
import type { LoadResult } from '../../load/index.js';

export interface SymbolNode {
  name: string;
  detail?: string;
  span: { start: number; end: number };
  selection: { start: number; end: number };
  children: SymbolNode[];
}

export function documentSymbols(abs: string, result: LoadResult, root: string, index: SetIndex): SymbolNode[] {
  const nodes = index.nodes(abs);
  if (!nodes) return [];
  return nodes.monitors.map((entry) => {
    const name = entry.fields.get('name')?.value;
    const instances = new Map<string, string[]>();
    for (const { name: env, state } of result.environments)
      for (const m of state.monitors)
        if (m.instance !== undefined && m.entry?.index === entry.index && path.resolve(root, m.source.file) === abs)
          instances.set(m.name, [...(instances.get(m.name) ?? []), ...(env === undefined ? [] : [env])]);
    const selection = name ?? entry.span;
    return {
      name: typeof name?.value === 'string' && name.value !== '' ? name.value : `(monitor ${entry.index + 1})`,
      ...(instances.size > 0 ? { detail: `${instances.size} monitors` } : {}),
      span: entry.span,
      selection,
      children: [...instances].map(([instance, envs]) => ({
        name: instance,
        ...(envs.length > 0 ? { detail: envs.join(', ') } : {}),
        span: entry.span,
        selection,
        children: [],
      })),
    };
  });
}

export interface WorkspaceSymbol {
  name: string;
  abs: string;
  line: number;
  col: number;
  environment: string | undefined;
}

export function workspaceSymbols(loads: { result: LoadResult; root: string }[], query: string): WorkspaceSymbol[] {
  const out: WorkspaceSymbol[] = [];
  const seen = new Set<string>();
  const q = query.toLowerCase();
  for (const { result, root } of loads)
    for (const { name: environment, state } of result.environments)
      for (const m of state.monitors) {
        const abs = path.resolve(root, m.source.file);
        const key = `${m.name}\u0000${abs}`;
        if (seen.has(key) || !m.name.toLowerCase().includes(q)) continue;
        seen.add(key);
        out.push({ name: m.name, abs, line: m.source.line, col: m.source.col, environment });
      }
  return out;
}
