// The repository's files as the model says: two files of entries (with `moved:` in the
// first, `removed:` in either) and one template file (vars, for_each). Values are written in JSON's flow style,
// which YAML reads as the same values, keys in the order the model keeps them.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEFAULTS, FILES, type Entry, type FileName, type RepoModel } from './model.js';

export const YAML_DIR = 'monitors';

const value = (v: unknown) => JSON.stringify(v);

function defaultsBlock(): string[] {
  return ['defaults:', ...DEFAULTS.map(([k, v]) => `  ${k}: ${value(v)}`)];
}

function entryLines(entry: Entry): string[] {
  const lines = [`  - name: ${value(entry.name)}`];
  if (entry.pin) lines.push(`    id: ${entry.pin}`);
  for (const [k, v] of entry.fields) lines.push(`    ${k}: ${value(v)}`);
  return lines;
}

export function fileText(repo: RepoModel, file: FileName): string {
  const entries = repo.entries.filter((e) => e.file === file);
  const lines = [...defaultsBlock(), entries.length === 0 ? 'monitors: []' : 'monitors:'];
  for (const entry of entries) lines.push(...entryLines(entry));
  if (file === 'a' && repo.moved.length > 0) {
    lines.push('moved:');
    for (const m of repo.moved) lines.push(`  - from: ${value(m.from)}`, `    to: ${value(m.to)}`);
  }
  const removed = repo.removed.filter((r) => r.file === file);
  if (removed.length > 0) {
    lines.push('removed:');
    for (const r of removed) lines.push(`  - name: ${value(r.name)}`);
  }
  return `${lines.join('\n')}\n`;
}

export function templateText(repo: RepoModel): string {
  const t = repo.template;
  return [
    'vars:',
    `  domain: ${value(t.domain)}`,
    `  interval: ${t.interval}`,
    `  regions: ${value(t.regions)}`,
    ...defaultsBlock(),
    'monitors:',
    '  - name: "tpl ${each.region}"',
    '    url: "https://${each.region}.${var.domain}/health"',
    '    interval_seconds: ${var.interval}',
    `    tags: ${value(t.tags)}`,
    '    for_each:',
    '      region: ${var.regions}',
    '',
  ].join('\n');
}

/** Writes the three files under root/monitors (the folder plan and apply are given). */
export function writeRepo(root: string, repo: RepoModel): void {
  const dir = join(root, YAML_DIR);
  mkdirSync(dir, { recursive: true });
  for (const file of FILES) writeFileSync(join(dir, `${file}.yaml`), fileText(repo, file));
  writeFileSync(join(dir, 'tpl.yaml'), templateText(repo));
}

export function removeRepo(root: string): void {
  rmSync(join(root, YAML_DIR), { recursive: true, force: true });
}
