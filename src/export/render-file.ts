// One exported YAML file: its header, `defaults:` and monitors, in fmt's layout.
import { Document, isMap, isScalar, type Pair, type YAMLMap } from 'yaml';
import { escapeEnvInValue } from './escape-env.js';
import type { FactoredFile } from './factor-defaults.js';
import type { ReadMonitor } from './read-live.js';
import type { FileGroup } from './split-files.js';
import { UNREADABLE_COMMENT } from './unreadable-defaults.js';

/**
 * Renders one exported file as YAML text, with comments wherever a value is not the live one.
 * `environment`: the file's monitors exist only there (`defaults: environments: [NAME]`).
 */
export function renderFile(file: FileGroup, factored: FactoredFile, environment?: string): string {
  const body: Record<string, unknown> = {};
  const defaults = {
    ...(environment !== undefined ? { environments: [environment] } : {}),
    ...asLiteralText(factored.defaults),
  };
  if (Object.keys(defaults).length > 0) body.defaults = defaults;
  body.monitors = factored.entries.map(asLiteralText);
  const doc = new Document(body);
  doc.commentBefore = headerComment(file, environment);

  const defaultsNode = doc.get('defaults', true);
  if (isMap(defaultsNode)) commentDefaults(defaultsNode, file.monitors);
  const list = doc.get('monitors', true) as { items: unknown[] };
  list.items.forEach((node, i) => {
    if (isMap(node)) commentMonitor(node, file.monitors[i]!);
  });
  return doc.toString({ lineWidth: 0 });
}

/** Live text that looks like `${env:NAME}` stays text; auth_secret is the one real reference. */
function asLiteralText(fields: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(fields).map(([field, value]) => [field, field === 'auth_secret' ? value : escapeEnvInValue(value)]),
  );
}

function headerComment(file: FileGroup, environment: string | undefined): string {
  const from = environment === undefined ? 'the live workspace' : `the live workspace of environment ${environment}`;
  const lines = [` Exported by \`monitors export\` from ${from}: ${file.title}, ${file.monitors.length} monitor(s).`];
  if (environment !== undefined)
    lines.push(` Only in environment ${environment} (defaults: environments); list more there to share a monitor.`);
  if (file.monitors.some((m) => m.defaulted.length > 0)) {
    lines.push(
      ' Values marked "not readable" are documented defaults (docs/adopting.md), NOT your live',
      ' settings: the listing does not return them. Check them before the first apply, which',
      ' replaces each monitor with exactly what this file says.',
    );
  }
  if (file.monitors.some((m) => m.todo.length > 0))
    lines.push(' Lines marked TODO must be filled in; `monitors validate` points at each one.');
  return lines.join('\n');
}

function commentDefaults(map: YAMLMap, monitors: readonly ReadMonitor[]): void {
  for (const pair of map.items) {
    const field = keyOf(pair);
    const count = monitors.filter((m) => m.defaulted.some((f) => f === field)).length;
    if (count === 0) continue;
    setComment(
      pair,
      count === monitors.length
        ? UNREADABLE_COMMENT
        : ` not readable for ${count} of ${monitors.length} monitors: documented default, check it`,
    );
  }
}

function commentMonitor(map: YAMLMap, monitor: ReadMonitor): void {
  for (const pair of map.items) {
    const field = keyOf(pair);
    if (monitor.defaulted.some((f) => f === field)) setComment(pair, UNREADABLE_COMMENT);
    if (field === 'id') setComment(pair, ' pinned: another live monitor has this name too (docs/recovery.md)');
    if (monitor.todo.some((f) => f === field)) {
      if (isScalar(pair.key))
        pair.key.commentBefore = ` TODO: the listing did not return ${field}, and type "${String(monitor.input.type)}" needs it: write the live value`;
    }
    if (field === 'auth_secret')
      setComment(
        pair,
        ` write-only, never returned: set ${envNameOf(monitor)} to the current secret (e.g. from a CI secret)`,
      );
  }
}

function keyOf(pair: Pair): string {
  return isScalar(pair.key) ? String(pair.key.value) : String(pair.key);
}

function setComment(pair: Pair, comment: string): void {
  if (isScalar(pair.value)) pair.value.comment = comment;
}

function envNameOf(monitor: ReadMonitor): string {
  const ref = typeof monitor.input.auth_secret === 'string' ? monitor.input.auth_secret : '';
  return /^\$\{env:([A-Za-z0-9_]+)\}$/.exec(ref)?.[1] ?? 'the referenced variable';
}
