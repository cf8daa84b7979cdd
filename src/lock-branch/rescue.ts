// When the lock record cannot be pushed, this job's working tree is its only copy, and a CI
// runner is thrown away when the job ends. Under GitHub Actions the record is therefore also
// written to the job summary (kept with the run), or to the log when it is too big for one.
// A lock file holds ids, names, values the YAML gives and hashes, never a secret value nor
// anything from ${env:...} (docs/lock-file.md): it is as safe in the summary as on the branch.
import { appendFile } from 'node:fs/promises';

/** GitHub refuses a step summary over 1 MiB; the rest of the summary needs room too. */
export const SUMMARY_LIMIT = 512 * 1024;

export interface UnsavedLock {
  path: string;
  text: string;
}

/** Keeps the records where the user can get them back; returns where, for the error message. */
export async function rescueLockRecords(
  files: readonly UnsavedLock[],
  env: NodeJS.ProcessEnv,
  log: (text: string) => void,
): Promise<string | undefined> {
  if (env.GITHUB_ACTIONS !== 'true' || files.length === 0) return undefined;
  const size = files.reduce((n, f) => n + Buffer.byteLength(f.text), 0);
  if (env.GITHUB_STEP_SUMMARY && size <= SUMMARY_LIMIT) {
    try {
      await appendFile(env.GITHUB_STEP_SUMMARY, summarySection(files));
      return 'the job summary';
    } catch {
      // fall through to the log
    }
  }
  for (const f of files) log(`::group::${f.path} (the lock record this apply could not push)\n${f.text}::endgroup::\n`);
  return 'the job log (the groups above)';
}

export function summarySection(files: readonly UnsavedLock[]): string {
  const blocks = files.map((f) => {
    const longest = [...f.text.matchAll(/`+/g)].reduce((n, m) => Math.max(n, m[0].length), 0); // a name may hold backticks
    const fence = '`'.repeat(Math.max(3, longest + 1));
    return `<details><summary><code>${escapeHtml(f.path)}</code></summary>\n\n${fence}json\n${f.text}${fence}\n\n</details>\n`;
  });
  return `### The lock record was not saved\n\nThe apply's changes are on the server, but the lock branch does not have their record. Here it is, to restore by hand (docs/recovery.md):\n\n${blocks.join('\n')}\n`;
}

const escapeHtml = (text: string) => text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
