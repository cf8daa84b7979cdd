// `monitors init [DIR]`: a starter repository in DIR (created when missing), never over an
// existing file.
import { realpathSync } from 'node:fs';
import path from 'node:path';
import { MonitorsError } from '../errors.js';
import { packageVersion } from '../version/package-version.js';
import { bundleCandidates, bundleFiles, findBundle } from './bundle-copy.js';
import { orList } from '../model/or-list.js';
import { initReport } from './next-steps.js';
import { ciStarter, INIT_CIS, type InitCi } from './ci-starters.js';
import { starterFiles } from './starter.js';
import { writeStarter } from './write-starter.js';

export interface InitRequest {
  dir: string;
  ci: string | undefined;
  cwd: string;
  /** The CLI's entry file as started (process.argv[1]): how the next steps name it, where a bundle is. */
  entryFile: string;
  /** The folders listed in PATH. */
  pathDirs: readonly string[];
}

export function parseCi(value: string | undefined): InitCi | undefined {
  if (value === undefined) return undefined;
  const ci = INIT_CIS.find((name) => name === value);
  if (ci !== undefined) return ci;
  throw new MonitorsError('BAD_OPTION', `--ci must be ${orList(INIT_CIS)}, not "${value.slice(0, 40)}"`, {
    hint: `monitors init ${INIT_CIS.map((name) => `--ci ${name} writes ${ciStarter(name).path}`).join('; ')}.`,
  });
}

/** Writes the files and returns the report to print. */
export async function runInit(request: InitRequest): Promise<string> {
  const ci = parseCi(request.ci);
  if (request.dir.trim() === '')
    throw new MonitorsError('BAD_OPTION', 'init needs a folder name (or none: the current folder)');
  const dir = path.resolve(request.cwd, request.dir);
  const relative = path.relative(request.cwd, dir);
  const shown = relative === '' ? '.' : relative.startsWith('..') ? dir : relative.split(path.sep).join('/');
  const bundleDir =
    ci !== undefined && ciStarter(ci).runsBundle
      ? findBundle(bundleCandidates(realpathOrUndefined(request.entryFile) ?? request.entryFile))
      : undefined;
  const files = [...starterFiles(ci), ...(bundleDir !== undefined ? bundleFiles(bundleDir) : [])];
  await writeStarter(dir, files, shown);
  return initReport(shown, files, ci, {
    command: commandAsTyped(request.entryFile, request.pathDirs),
    version: packageVersion(),
  });
}

/**
 * `monitors` when that name on the PATH is this very CLI (npm link, npm install -g, a
 * symlink to the bundle's entry); otherwise the command that started it, with an absolute
 * path, so that the steps work as typed after `cd DIR`.
 */
export function commandAsTyped(entryFile: string, pathDirs: readonly string[]): string {
  const self = realpathOrUndefined(entryFile);
  for (const dir of pathDirs) {
    if (dir === '') continue;
    const found = realpathOrUndefined(path.join(dir, 'monitors'));
    if (found !== undefined) return found === self ? 'monitors' : nodeCommand(entryFile);
  }
  return nodeCommand(entryFile);
}

function nodeCommand(entryFile: string): string {
  const file = path.resolve(entryFile);
  return `node ${/^[\w./-]+$/.test(file) ? file : JSON.stringify(file)}`;
}

function realpathOrUndefined(file: string): string | undefined {
  try {
    return realpathSync(file);
  } catch {
    return undefined;
  }
}
