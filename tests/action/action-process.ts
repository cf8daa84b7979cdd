import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CLI_PATH } from '../helpers/run-cli.js';

const RUN_SCRIPT = fileURLToPath(new URL('../../action/run.mjs', import.meta.url));

export interface ActionRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs action/run.mjs as the composite step does, with the built CLI as the `cli` input. */
export function runActionProcess(inputs: Record<string, string>, env: Record<string, string>): Promise<ActionRun> {
  const fullEnv: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? '/tmp',
    NO_COLOR: '1',
    GITHUB_ACTIONS: 'true',
    MONITORS_ACTION_CLI: `${process.execPath} ${CLI_PATH}`,
    ...env,
  };
  for (const [name, value] of Object.entries(inputs))
    fullEnv[`MONITORS_ACTION_${name.toUpperCase().replaceAll('-', '_')}`] = value;
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [RUN_SCRIPT], {
      env: fullEnv,
      cwd: env.GITHUB_WORKSPACE,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += String(d)));
    child.stderr.on('data', (d) => (stderr += String(d)));
    const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

/**
 * The environment of a run on pull request `number` in `workspace`: the event file (written
 * here), the fake GitHub API, the job summary and outputs files; CI=true.
 */
export function pullRequestEnv(
  workspace: string,
  githubApiUrl: string,
  repo: string,
  number: number,
): Record<string, string> {
  return eventEnv(workspace, githubApiUrl, repo, { pull_request: { number } });
}

/** The same for any event (e.g. `{schedule: '17 6 * * *'}` for a scheduled run). */
export function eventEnv(workspace: string, githubApiUrl: string, repo: string, event: object): Record<string, string> {
  writeFileSync(join(workspace, 'event.json'), JSON.stringify(event));
  return {
    GITHUB_WORKSPACE: workspace,
    GITHUB_EVENT_PATH: join(workspace, 'event.json'),
    GITHUB_API_URL: githubApiUrl,
    GITHUB_REPOSITORY: repo,
    GITHUB_STEP_SUMMARY: join(workspace, 'summary.md'),
    GITHUB_OUTPUT: join(workspace, 'output.txt'),
    CI: 'true',
  };
}
