// The manifests `discover k8s` is given: files, folders (their .yaml, .yml and .json files,
// searched recursively, in path order, hidden folders left out) and `-`, standard input
// (`kubectl get ingress,httproute -A -o yaml | monitors discover k8s -`). A path that does
// not exist stops the command before anything is read.
import { readdir, readFile, stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { MonitorsError } from '../errors.js';
import { compareText } from '../model/compare-text.js';
import { displayPath } from '../model/display-path.js';
import type { ManifestText } from './discover.js';

const MANIFEST = /\.(?:ya?ml|json)$/i;

export async function readInputs(
  paths: readonly string[],
  cwd: string,
  stdin: () => Promise<string>,
): Promise<ManifestText[]> {
  const texts: ManifestText[] = [];
  for (const given of paths) {
    if (given === '-') {
      texts.push({ file: '-', text: await stdin() });
      continue;
    }
    const abs = resolve(cwd, given);
    const info = await stat(abs).catch(() => undefined);
    if (!info)
      throw new MonitorsError('DISCOVER_INPUT', `${given}: no such file or folder`, {
        hint: 'Name manifest files or folders, or - for standard input (kubectl get ... -o yaml | monitors discover k8s -).',
      });
    const files = info.isDirectory() ? await manifestFiles(abs) : [abs];
    for (const file of files) texts.push({ file: displayPath(file, cwd), text: await readText(file) });
  }
  return texts;
}

async function manifestFiles(dir: string): Promise<string[]> {
  const found: string[] = [];
  const entries = await readdir(dir, { withFileTypes: true });
  for (const entry of entries.sort((a, b) => compareText(a.name, b.name))) {
    if (entry.name.startsWith('.')) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) found.push(...(await manifestFiles(path)));
    else if (entry.isFile() && MANIFEST.test(entry.name)) found.push(path);
  }
  return found;
}

async function readText(file: string): Promise<string> {
  try {
    return (await readFile(file, 'utf8')).replace(/^\uFEFF/, '');
  } catch (error) {
    throw new MonitorsError(
      'DISCOVER_INPUT',
      `cannot read ${file} (${(error as NodeJS.ErrnoException).code ?? 'error'})`,
      {
        hint: 'Check that the file exists and is readable.',
        cause: error,
      },
    );
  }
}
