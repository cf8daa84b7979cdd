// The names both Bitbucket hosts key `monitors ci`'s records by, one per path like the comment:
// the build status's key and name, and the Code Insights report's id and title. Keys are
// short and stable (a hash of the path), names are what people read. Pure.
import { createHash } from 'node:crypto';
import type { CommitStatus } from '../provider.js';

const shortHash = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 10);

/** `monitors-plan-1a2b3c4d5e`: under Bitbucket's key limits (Cloud's 255, Data Center's 255), the same on every run for a path. */
export function statusKey(status: Pick<CommitStatus, 'command' | 'path'>): string {
  return `monitors-${status.command}-${shortHash(status.path)}`;
}

export function statusName(status: Pick<CommitStatus, 'command' | 'path'>): string {
  return `monitors ${status.command} ${status.path}`;
}

/** The Code Insights report of validate's findings for a path. */
export function reportKey(path: string): string {
  return `monitors-validate-${shortHash(path)}`;
}

export function reportTitle(path: string): string {
  return `monitors validate ${path}`;
}
