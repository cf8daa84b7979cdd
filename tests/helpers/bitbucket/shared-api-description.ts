// The Git hosts' official API descriptions that ../shared/git-host-apis/ holds beside the
// repository (read in place, never copied into it; where: ../shared-dir.ts). A test that
// needs one fails, naming where it looked, when it is not there.
import { readFileSync } from 'node:fs';
import { sharedPath } from '../shared-dir.js';

export function sharedApiDescription(file: string): Record<string, unknown> {
  return JSON.parse(readFileSync(sharedPath('git-host-apis', file), 'utf8')) as Record<string, unknown>;
}
