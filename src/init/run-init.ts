// `monitors init [DIR]`: a starter repository in DIR (created when missing), never over an
// existing file.
import path from 'node:path';
import { MonitorsError } from '../errors.js';
import { initReport } from './next-steps.js';
import { CI_PROVIDERS, starterFiles, type CiProvider } from './starter.js';
import { writeStarter } from './write-starter.js';

export interface InitRequest {
  dir: string;
  ci: string | undefined;
  cwd: string;
}

export function parseCi(value: string | undefined): CiProvider | undefined {
  if (value === undefined) return undefined;
  if ((CI_PROVIDERS as readonly string[]).includes(value)) return value as CiProvider;
  throw new MonitorsError('BAD_OPTION', `--ci must be ${CI_PROVIDERS.join(' or ')}, not "${value.slice(0, 40)}"`, {
    hint: 'monitors init --ci github writes .github/workflows/monitors.yml; --ci gitlab writes .gitlab-ci.yml.',
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
