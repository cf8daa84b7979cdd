// Point 3 of issue 32: completion. Field names not yet written in the block (required ones
// first, each with what the spec says of it), every enum value of the spec, `${var.` names,
// `${each.` keys of the enclosing for_each, environment names in `environments:`, monitor
// names in `moved:` and `removed:` entries (with the names only the lock file still knows),
// and the keys of `settings:`.
import type { CompletionItemKind } from 'vscode-languageserver/node.js';
import { nameKey } from '../../plan/match.js';
import { cursorAt } from '../cursor.js';
import type { LockReader } from '../lens/lock-reader.js';
import { describeField, enumOf, propertiesAt, REQUIRED } from './field-docs.js';
import type { NavigationInput } from './navigation.js';

export interface Item {
  label: string;
  kind: CompletionItemKind;
  detail?: string;
  documentation?: { kind: 'markdown'; value: string };
  sortText?: string;
  insertText?: string;
}

// LSP CompletionItemKind values.
const FIELD: CompletionItemKind = 10;
const VALUE: CompletionItemKind = 12;
const VARIABLE: CompletionItemKind = 6;
const REFERENCE: CompletionItemKind = 18;

/** Where the cursor is in the set (as for navigation), and the lock files, for names only a lock knows. */
export interface CompletionInput extends NavigationInput {
  locks: LockReader;
}

export async function completionsAt(input: CompletionInput): Promise<Item[]> {
  const { text, abs, offset, load, root, index } = input;
  const cursor = cursorAt(text, offset);
  const ref = cursor.reference;
  if (ref?.kind === 'var')
    return index.varNames(load, root, abs).map((label) => ({ label, kind: VARIABLE, detail: '${var.' + label + '}' }));
  if (ref?.kind === 'each')
    return [...(index.forEachAt(abs, offset)?.keys.keys() ?? [])].map((label) => ({ label, kind: VARIABLE }));
  if (ref) return [];
  const path = cursor.path.join('.');
  if (cursor.valueOf === 'environments' || (path.endsWith('environments') && cursor.path.at(-1) === 'environments'))
    return load.declaredEnvironments.map((label) => ({ label, kind: VALUE }));
  if (
    /^(moved\.-$|removed\.-$)/.test(path) &&
    (cursor.valueOf === 'from' || cursor.valueOf === 'to' || cursor.valueOf === 'name')
  )
    return monitorNames(input);
  const properties = propertiesAt(cursor.path);
  if (!properties) return path === '' && cursor.atKey ? topKeys() : [];
  if (cursor.valueOf !== undefined) return enumOf(properties[cursor.valueOf]).map((label) => ({ label, kind: VALUE }));
  if (!cursor.atKey) return [];
  const present = presentKeys(text, offset);
  return Object.entries(properties)
    .filter(([key]) => !present.has(key))
    .map(([key, schema]) => {
      const required = REQUIRED.has(key);
      return {
        label: key,
        kind: FIELD,
        insertText: `${key}: `,
        sortText: `${required ? '0' : '1'}${key}`,
        ...(required ? { detail: 'required' } : {}),
        documentation: { kind: 'markdown' as const, value: describeField(key, schema, REQUIRED.has(key)) },
      };
    });
}

function topKeys(): Item[] {
  return ['monitors', 'defaults', 'vars', 'moved', 'removed', 'settings'].map((label) => ({
    label,
    kind: FIELD,
    insertText: `${label}:`,
  }));
}

/** Names of the set's monitors in every environment, and those only a lock file still records. */
async function monitorNames({ load, root, locks }: CompletionInput): Promise<Item[]> {
  const names = new Map<string, string>();
  for (const { state } of (await load.result()).environments) {
    for (const m of state.monitors) names.set(nameKey(m.name), m.name);
    const read = await locks.forState(state, root);
    if ('lock' in read)
      for (const r of read.lock?.monitors ?? [])
        if (!names.has(nameKey(r.name))) names.set(nameKey(r.name), `${r.name}\u0000lock`);
  }
  return [...names.values()].map((n) => {
    const [label, lock] = n.split('\u0000');
    return {
      label: label!,
      kind: REFERENCE,
      insertText: JSON.stringify(label),
      ...(lock ? { detail: 'only in the lock file' } : {}),
    };
  });
}

/** The keys already written in the block around the cursor (same indentation, up to the block's ends). */
function presentKeys(text: string, offset: number): Set<string> {
  const lines = text.split('\n');
  const lineNo = text.slice(0, offset).split('\n').length - 1;
  const own = /^(\s*)((?:-\s+)*)/.exec(lines[lineNo] ?? '')!;
  const indent = own[1]!.length + own[2]!.length;
  const keys = new Set<string>();
  const scan = (from: number, step: number) => {
    for (let i = from; i >= 0 && i < lines.length; i += step) {
      const l = lines[i]!;
      if (/^\s*(#|$)/.test(l)) continue;
      const lead = /^(\s*)((?:-\s+)*)/.exec(l)!;
      const at = lead[1]!.length + lead[2]!.length;
      if (at < indent) break;
      if (at === indent) {
        const key = /^([A-Za-z_][A-Za-z0-9_]*):/.exec(l.slice(at))?.[1];
        if (key) keys.add(key);
        if (lead[2]!.length > 0 && step === -1) break; // the entry's first line
        if (lead[2]!.length > 0 && step === 1) break; // the next entry
      }
    }
  };
  scan(lineNo - 1, -1);
  scan(lineNo + 1, 1);
  if (own[2]!.length > 0) {
    const key = /^([A-Za-z_][A-Za-z0-9_]*):/.exec((lines[lineNo] ?? '').slice(indent))?.[1];
    if (key) keys.add(key);
  }
  return keys;
}
