// What `monitors init` prints once the files are written: what each is for, then the next
// steps, from validating offline to the first apply (and trying it all on the simulator).
import { ciStarter, type InitCi } from './ci-starters.js';
import type { StarterFile } from './starter.js';

export function initReport(shownDir: string, files: readonly StarterFile[], ci: InitCi | undefined): string {
  const width = Math.max(...files.map((f) => f.path.length));
  const lines = [
    `Wrote a starter repository in ${shownDir}:`,
    ...files.map((f) => `  ${f.path.padEnd(width)}  ${f.what}`),
    '',
    'Next steps:',
    ...(shownDir === '.' ? [] : [`  cd ${shownDir.includes(' ') ? JSON.stringify(shownDir) : shownDir}`]),
    '  monitors validate                  # offline: valid as written; then make monitors/monitors.yaml yours',
    '  export MONITORS_API_URL=https://YOUR-API/api/v1',
    '  export MONITORS_API_TOKEN=...      # a token from the dashboard (settings, API); never in a file',
    '  monitors plan                      # what apply would create; nothing changes yet',
    '  monitors apply                     # asks before it changes anything',
    'No account yet? `monitors sim` (in another terminal) runs a local simulator of the API: use the URL and token it prints.',
  ];
  if (ci !== undefined) lines.push(...ciStarter(ci).nextSteps);
  return `${lines.join('\n')}\n`;
}
