// Point 2 of issue 32: hover. On a field: what the spec says of it and where its value
// comes from (this entry, or `defaults:` at line N). On `${var.NAME}`: its value in each
// environment and where each is set. On `${each.KEY}`: the instances' values. On
// `${env:NAME}`: that it comes from the environment (its value is never read into a
// message), and when it is unset here, that what apply would do is unknown until it is set. On a monitor's name: its id in each environment's lock file, and how many
// monitors a template makes.
import path from 'node:path';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { nameKey } from '../../plan/match.js';
import { locationText } from '../../model/location-text.js';
import { cursorAt } from '../cursor.js';
import type { LockReader } from '../lens/lock-reader.js';
import type { SetIndex } from '../set-index.js';
import { pairsOf } from '../yaml-nodes.js';
import type { SetLoad } from '../workspace-set.js';
import { describeField, propertiesAt, REQUIRED } from './field-docs.js';
import { fieldsWithUnsetVariables, unknownUntil } from '../lens/unknown-fields.js';

export interface HoverInput {
  doc: TextDocument;
  abs: string;
  offset: number;
  load: SetLoad;
  root: string;
  index: SetIndex;
  locks: LockReader;
}

export async function hoverAt(input: HoverInput): Promise<string | undefined> {
  const { doc, abs, offset, load, root, index } = input;
  const text = doc.getText();
  const cursor = cursorAt(text, offset);
  const where = (place: { abs: string; span: { start: number } }) =>
    locationText({ file: place.abs, line: index.lineOf(place.abs, place.span.start) }, { cwd: root });
  const ref = cursor.reference;
  if (ref?.kind === 'env') {
    const about = `\`\${env:${ref.name}}\`: read from the environment variable ${ref.name} when plan or apply runs. Its value is never shown, stored in plans, or written to the lock file (which keeps a salted hash).`;
    return (await unsetHere(load, root, abs, ref.name))
      ? `${about}\n\n${ref.name} is not set where the editor started the server: what apply would do with this field is ${unknownUntil([ref.name])}.`
      : about;
  }
  if (ref?.kind === 'var') {
    const places = index.varPlaces(load, root, abs, ref.name);
    if (places.length === 0) return `\`\${var.${ref.name}}\`: no file vars: or environment sets it`;
    const lines = places.map(
      (p) => `- ${p.environment ?? 'this file'}: \`${JSON.stringify(p.value)}\` (set at ${where(p)})`,
    );
    return `\`\${var.${ref.name}}\`\n\n${lines.join('\n')}`;
  }
  if (ref?.kind === 'each') {
    const values = new Set<string>();
    for (const { state } of (await load.result()).environments)
      for (const m of state.monitors)
        if (path.resolve(root, m.source.file) === abs && m.instance !== undefined) {
          const v = new RegExp(`(?:^|, )${ref.name}=([^,]*)`).exec(m.instance)?.[1];
          if (v !== undefined) values.add(v);
        }
    return `\`\${each.${ref.name}}\`: one monitor per value of the entry's for_each: ${[...values].join(', ') || '(none yet)'}`;
  }
  const properties = propertiesAt(cursor.valueOf !== undefined || cursor.atKey ? cursor.path : []);
  const key =
    cursor.valueOf ??
    (cursor.atKey
      ? /^\s*(?:-\s+)*([A-Za-z_]+)/.exec(text.slice(text.lastIndexOf('\n', offset - 1) + 1))?.[1]
      : undefined);
  if (cursor.valueOf === 'name' && cursor.path.join('.') === 'monitors.-') return nameHover(input);
  if (properties && key && properties[key]) {
    let doc = describeField(key, properties[key], REQUIRED.has(key));
    const defaults = index.nodes(abs)?.top.get('defaults');
    if (cursor.path[0] === 'monitors' && defaults) {
      const set = pairsOf(defaults.node).get(key);
      if (set) doc += `\n\nAlso in defaults: at line ${index.lineOf(abs, set.key.start)}; this entry's value wins.`;
    }
    return doc;
  }
  return undefined;
}

async function nameHover({ abs, offset, load, root, locks, index }: HoverInput): Promise<string | undefined> {
  const entry = index.nodes(abs)?.monitors.find((e) => offset >= e.span.start && offset <= e.span.end);
  if (!entry) return undefined;
  const lines: string[] = [];
  for (const { name, state } of (await load.result()).environments) {
    const made = state.monitors.filter(
      (m) => path.resolve(root, m.source.file) === abs && m.entry?.index === entry.index,
    );
    const read = await locks.forState(state, root);
    const ids = made.map((m) => {
      const record = 'lock' in read ? read.lock?.monitors.find((r) => nameKey(r.name) === nameKey(m.name)) : undefined;
      return `${m.name}: ${record ? `id ${record.id}` : 'not in the lock file yet'}`;
    });
    const label = name === undefined ? '' : `${name}: `;
    lines.push(
      `- ${label}${made.length} monitor${made.length === 1 ? '' : 's'}${ids.length > 0 ? ` (${ids.slice(0, 5).join('; ')}${ids.length > 5 ? '; ...' : ''})` : ''}`,
    );
  }
  return `**monitor**\n\n${lines.join('\n')}`;
}

/** Whether a monitor of this file uses the variable and the server's environment lacks it. */
async function unsetHere(load: SetLoad, root: string, abs: string, name: string): Promise<boolean> {
  for (const { state } of (await load.result()).environments)
    for (const m of state.monitors)
      if (
        path.resolve(root, m.source.file) === abs &&
        [...fieldsWithUnsetVariables(m).values()].some((v) => v.includes(name))
      )
        return true;
  return false;
}
