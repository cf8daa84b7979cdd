// `monitors init [DIR]`: a starter repository in DIR (created when missing), never over an
// existing file.
import path from 'node:path';
import { MonitorsError } from '../errors.js';
import { orList } from '../model/or-list.js';
import { initReport } from './next-steps.js';
import { ciStarter, INIT_CIS, type InitCi } from './ci-starters.js';
import { starterFiles } from './starter.js';
import { writeStarter } from './write-starter.js';

export interface InitRequest {
  dir: string;
  ci: string | undefined;
  cwd: string;
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
  const files = starterFiles(ci);
  await writeStarter(dir, files, shown);
  return initReport(shown, files, ci);
}
