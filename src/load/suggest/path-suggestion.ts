// "Did you mean" for a path that does not exist: the entry of its folder (or of the
// nearest folder that exists) within a few edits of what was typed (`monitor/` for
// `monitors/`, `Monitors` for `monitors`), written the way it was given.
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { nearest } from '../../model/did-you-mean.js';

export async function suggestPath(given: string, cwd: string): Promise<string | undefined> {
  const trailing = /[/\\]$/.test(given);
  const trimmed = given.replace(/[/\\]+$/, '');
  const base = path.basename(trimmed);
  if (base === '' || base === '.' || base === '..') return undefined;
  const parent = path.dirname(trimmed);
  const entries = await readdir(path.resolve(cwd, parent), { withFileTypes: true }).catch(() => []);
  const shown = entries.filter((entry) => !entry.name.startsWith('.') && entry.name !== 'node_modules');
  const best = nearest(base, shown, { spelled: (entry) => entry.name, ignoreCase: true });
  if (!best) return undefined;
  const written = parent === '.' && !trimmed.startsWith('.') ? best.name : `${parent}/${best.name}`;
  return `${written}${trailing || best.isDirectory() ? '/' : ''}`;
}
