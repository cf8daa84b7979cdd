// Writes the starter files all or nothing: every target is checked first (an existing file,
// or anything in the way, refuses the whole run and names each one), each file is created
// exclusively (never over a file that appeared meanwhile), and a failure part-way removes
// what this run wrote, so nothing is left half-done.
import { lstat, mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { MonitorsError } from '../errors.js';
import type { StarterFile } from './starter.js';

/** The writes, as a seam: tests put a failing one in to see the run undone. */
export interface StarterDisk {
  writeNew(file: string, text: string): Promise<void>;
}

const DISK: StarterDisk = { writeNew: (file, text) => writeFile(file, text, { flag: 'wx' }) };

/** What stands in the way of writing `files` into `dir` (as shown to the user), if anything. */
export async function obstacles(dir: string, files: readonly StarterFile[]): Promise<string[]> {
  const found: string[] = [];
  for (const file of files) {
    const error = await lstat(path.join(dir, file.path)).then(
      () => undefined,
      (e: NodeJS.ErrnoException) => e,
    );
    if (error === undefined) found.push(file.path);
    else if (error.code === 'ENOTDIR') found.push(`${file.path} (a file is in the way of its folder)`);
    else if (error.code !== 'ENOENT') found.push(`${file.path} (${error.code ?? 'cannot be checked'})`);
  }
  // YAML already in monitors/ would be read with the starter's: two sets in one.
  const yaml = await readdir(path.join(dir, 'monitors')).then(
    (names) => names.filter((n) => /\.ya?ml$/i.test(n) && !files.some((f) => f.path === `monitors/${n}`)),
    () => [],
  );
  for (const name of yaml) found.push(`monitors/${name} (YAML of another set of monitors)`);
  return found;
}

export async function writeStarter(
  dir: string,
  files: readonly StarterFile[],
  shownDir: string,
  disk: StarterDisk = DISK,
): Promise<void> {
  const dirInfo = await lstat(dir).catch(() => undefined);
  if (dirInfo && !dirInfo.isDirectory())
    throw new MonitorsError('INIT_NOT_A_FOLDER', `${shownDir} is a file, not a folder`, {
      hint: 'Name a folder to create the repository in (monitors init my-monitors).',
    });
  const blocked = await obstacles(dir, files);
  if (blocked.length > 0)
    throw new MonitorsError(
      'INIT_EXISTS',
      `${shownDir} already has ${blocked.length === 1 ? 'a file' : 'files'} init would write: ${blocked.join(', ')}; nothing was written`,
      {
        hint: 'init never overwrites a file: run it in a new folder (monitors init my-monitors), or move those files away.',
      },
    );
  const written: string[] = [];
  const madeFolders: string[] = [];
  try {
    for (const file of files) {
      const target = path.join(dir, file.path);
      const made = await mkdir(path.dirname(target), { recursive: true });
      if (made !== undefined) madeFolders.push(made);
      await disk.writeNew(target, file.text);
      written.push(target);
    }
  } catch (error) {
    await Promise.all(written.map((f) => rm(f, { force: true })));
    // Folders this run made (the first of each mkdir chain), newest first; only while empty.
    for (const folder of madeFolders.reverse()) await rm(folder, { recursive: true }).catch(() => undefined);
    const code = (error as NodeJS.ErrnoException).code;
    throw new MonitorsError(
      'INIT_WRITE_FAILED',
      `could not write the starter repository in ${shownDir} (${code ?? (error instanceof Error ? error.message : String(error))}); nothing was left behind`,
      { cause: error },
    );
  }
}
