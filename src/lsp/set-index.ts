// What the requests need to know of the whole set beyond the open file, read from the
// texts of its files (open buffers first): where each var is set (a file's `vars:` and each
// environment's `settings.environments.NAME.vars`), and where each monitor name is written
// (the monitor's `name:`, and the `moved:` and `removed:` entries naming it). Each file's
// parse is kept while its text stays the same.
import type { Buffers } from './buffers.js';
import { fileNodes, pairsOf, spanOfNode, valueOf, type FileNodes, type Span } from './yaml-nodes.js';
import type { SetLoad } from './workspace-set.js';

export interface Place {
  abs: string;
  span: Span;
}

export interface VarPlace extends Place {
  /** The environment that sets it; undefined for a file's own `vars:`. */
  environment: string | undefined;
  value: unknown;
}

export interface NamePlace extends Place {
  kind: 'name' | 'moved.from' | 'moved.to' | 'removed.name';
}

export class SetIndex {
  private readonly parsed = new Map<string, { text: string; nodes: FileNodes }>();

  constructor(private readonly buffers: Buffers) {}

  nodes(abs: string): FileNodes | undefined {
    const text = this.buffers.text(abs);
    if (text === undefined) return undefined;
    const hit = this.parsed.get(abs);
    if (hit && hit.text === text) return hit.nodes;
    const nodes = fileNodes(text);
    this.parsed.set(abs, { text, nodes });
    return nodes;
  }

  /** The 1-based line of an offset in a file of the set. */
  lineOf(abs: string, offset: number): number {
    return (this.buffers.text(abs) ?? '').slice(0, offset).split('\n').length;
  }

  files(load: SetLoad, _root: string): string[] {
    return load.files;
  }

  /** Where `${var.NAME}` is set for a file: its own `vars:`, and each environment's vars (which win). */
  varPlaces(load: SetLoad, root: string, abs: string, name: string): VarPlace[] {
    const out: VarPlace[] = [];
    const own = pairsOf(this.nodes(abs)?.top.get('vars')?.node).get(name);
    if (own) out.push({ abs, span: own.key, environment: undefined, value: valueOf(own.value) });
    for (const file of this.files(load, root)) {
      const settings = this.nodes(file)?.top.get('settings')?.node;
      for (const [env, place] of pairsOf(pairsOf(settings).get('environments')?.value)) {
        const set = pairsOf(pairsOf(place.value).get('vars')?.value).get(name);
        if (set) out.push({ abs: file, span: set.key, environment: env, value: valueOf(set.value) });
      }
    }
    return out;
  }

  /** Every var name a file can use: its own `vars:` and every environment's. */
  varNames(load: SetLoad, root: string, abs: string): string[] {
    const names = new Set(pairsOf(this.nodes(abs)?.top.get('vars')?.node).keys());
    for (const file of this.files(load, root)) {
      const settings = this.nodes(file)?.top.get('settings')?.node;
      for (const [, place] of pairsOf(pairsOf(settings).get('environments')?.value))
        for (const key of pairsOf(pairsOf(place.value).get('vars')?.value).keys()) names.add(key);
    }
    return [...names];
  }

  /** Where each name is written in the set's files: monitors' names and moved/removed entries. */
  namePlaces(load: SetLoad, root: string): Map<string, NamePlace[]> {
    const out = new Map<string, NamePlace[]>();
    const add = (name: unknown, place: NamePlace) => {
      if (typeof name === 'string') out.set(name, [...(out.get(name) ?? []), place]);
    };
    for (const abs of this.files(load, root)) {
      const nodes = this.nodes(abs);
      if (!nodes) continue;
      for (const e of nodes.monitors) {
        const v = e.fields.get('name')?.value;
        if (v) add(v.value, { abs, span: v, kind: 'name' });
      }
      for (const e of nodes.moved)
        for (const key of ['from', 'to'] as const) {
          const v = e.fields.get(key)?.value;
          if (v) add(v.value, { abs, span: v, kind: `moved.${key}` });
        }
      for (const e of nodes.removed) {
        const v = e.fields.get('name')?.value;
        if (v) add(v.value, { abs, span: v, kind: 'removed.name' });
      }
    }
    return out;
  }

  /** The `for_each` of the monitors entry holding `offset`, with its keys' spans. */
  forEachAt(abs: string, offset: number): { keys: Map<string, Span>; span: Span | undefined } | undefined {
    const entry = this.nodes(abs)?.monitors.find((e) => offset >= e.span.start && offset <= e.span.end);
    const forEach = entry?.fields.get('for_each')?.node;
    if (!forEach) return undefined;
    const keys = new Map<string, Span>();
    for (const [k, p] of pairsOf(forEach)) keys.set(k, p.key);
    // A list of mappings: the keys of its items.
    const items = (forEach as { items?: unknown[] }).items;
    if (keys.size === 0 && Array.isArray(items))
      for (const item of items) for (const [k, p] of pairsOf(item as never)) if (!keys.has(k)) keys.set(k, p.key);
    return { keys, span: spanOfNode(forEach) };
  }
}
