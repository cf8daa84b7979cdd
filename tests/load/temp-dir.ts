// Temporary folders of YAML files for loader tests, removed after each test.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, expect } from 'vitest';
import { loadDesiredState, type LoadResult } from '../../src/load/index.js';
import { loadSummary } from '../../src/load/summary.js';
import type { Settings } from '../../src/model/monitor.js';

const made: string[] = [];

afterEach(() => {
  while (made.length > 0) rmSync(made.pop() ?? '', { recursive: true, force: true });
});

/** Writes `files` (relative path -> text) into a fresh folder and returns its path. */
export function tempDir(files: Record<string, string> = {}): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'monitors-load-'));
  made.push(dir);
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    writeFileSync(path.join(dir, name), text);
  }
  return dir;
}

/**
 * Loads `files` from a fresh folder (paths default to the folder itself). Every load is
 * made twice: as plan loads (the desired state) and as validate does (the summary, which
 * lets each valid file go once checked); the two must report the same problems, the same
 * monitor counts and the same settings.
 */
export async function loadFiles(
  files: Record<string, string>,
  options: { env?: NodeJS.ProcessEnv; paths?: string[]; environment?: string; missingEnv?: 'error' | 'warning' } = {},
): Promise<LoadResult & { dir: string }> {
  const dir = tempDir(files);
  const paths = options.paths ?? ['.'];
  const loadOptions = {
    env: options.env ?? {},
    cwd: dir,
    ...(options.environment !== undefined ? { environment: options.environment } : {}),
    ...(options.missingEnv ? { missingEnv: options.missingEnv } : {}),
  };
  const result = await loadDesiredState(paths, loadOptions);
  const summary = await loadSummary(paths, loadOptions);
  expect(summary.diagnostics, 'the summary (validate) reports what the desired state does').toEqual(result.diagnostics);
  expect(summary.files).toEqual(result.state.files);
  expect(summary.environments.map((e) => [e.name, e.monitors, withoutPlaces(e.settings)])).toEqual(
    result.environments.map((e) => [e.name, e.state.monitors.length, withoutPlaces(e.state.settings)]),
  );
  return { ...result, dir };
}

/** Settings without the places of api_url and token_env, which only the desired state looks up. */
function withoutPlaces(settings: Settings): Settings {
  const { apiUrlAt: _url, ...rest } = settings;
  if (!rest.environment) return rest;
  const { apiUrlAt: _envUrl, tokenEnvAt: _token, ...environment } = rest.environment;
  return { ...rest, environment };
}

/** `file:line:col severity code` of every diagnostic, for compact assertions. */
export const where = (result: LoadResult): string[] =>
  result.diagnostics.map((d) => `${d.file}:${d.line}:${d.col} ${d.severity} ${d.code}`);

/** The defaults block every test file can start from: a complete http monitor minus name/type/url. */
export const DEFAULTS = `defaults:
  method: GET
  interval_seconds: 300
  timeout_seconds: 10
  retry_count: 1
  confirmation_attempts: 2
  slow_threshold_ms: 2000
  expected_status_min: 200
  expected_status_max: 299
  max_redirects: 3
  auth_type: none
  execution_mode: local
  consensus_threshold: 1
`;
