// The log of a runner that reads GitHub Actions' workflow commands (GitHub, and the Actions
// runners of Gitea and Forgejo, which read the same lines): errors and warnings become
// annotations, and groups fold in the job's log.
import type { CiProvider } from './provider.js';

export function workflowCommandLog(
  print: (line: string) => void,
): Pick<CiProvider, 'error' | 'warning' | 'info' | 'group' | 'endGroup'> {
  return {
    error: (message) => print(`::error::${message}`),
    warning: (message) => print(`::warning::${message}`),
    info: print,
    group: (title) => print(`::group::${title}`),
    endGroup: () => print('::endgroup::'),
  };
}
