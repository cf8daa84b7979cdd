// What must hold, checked against the real server's state, the lock the tool wrote, the
// requests the server saw, and every output and file. Each finding says what is wrong in
// words a person can act on (which monitor, which ids, which key), never just "false".
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { ServerRequest, StoredMonitorView } from '../helpers/servers-under-test.js';
import type { Body } from './model.js';
import type { Run } from './world.js';

export interface Finding {
  /** A short stable name of the invariant (shrinking keeps a failure of the same check). */
  check: string;
  message: string;
}

const APPLY_CODES = [0, 1, 130, 143];
const PLAN_CODES = [0, 1, 2];
const STACK = /^\s+at .+:\d+:\d+\)?$|node:internal|^(TypeError|ReferenceError|RangeError|SyntaxError)\b/m;

/** Every run: a documented exit, no stack trace, no secret. */
export function checkRun(run: Run, secrets: ReadonlySet<string>): Finding[] {
  const findings: Finding[] = [];
  const what = `\`monitors ${run.args.join(' ')}\``;
  const isApply = run.args[0] === 'apply';
  const interrupted = run.interruption?.delivered === true;
  if (run.signal !== null) {
    // Signals are ours, or SIGINT's default before the writes (planning ends at once).
    if (!interrupted)
      findings.push({ check: 'exit', message: `${what} was killed by ${run.signal} (hung past the 180 s cap?)` });
  } else if (!(isApply ? APPLY_CODES : PLAN_CODES).includes(run.code ?? -1)) {
    findings.push({ check: 'exit', message: `${what} exited ${run.code}, not a documented exit code` });
  } else if (run.code === 1 && !/\b[A-Z][A-Z0-9]+(?:_[A-Z0-9]+)+\b/.test(run.stderr + run.stdout)) {
    findings.push({ check: 'exit', message: `${what} exited 1 without a stable error code:\n${tail(run.stderr)}` });
  }
  if (STACK.test(run.stdout) || STACK.test(run.stderr))
    findings.push({ check: 'stack-trace', message: `${what} printed a stack trace:\n${tail(run.stderr)}` });
  for (const place of secretsIn({ stdout: run.stdout, stderr: run.stderr }, secrets))
    findings.push({ check: 'secret', message: `${what} printed a secret (or its base64) on ${place}` });
  return findings;
}

/** Where any of the secrets, or their base64, appear among the texts (by the texts' names). */
export function secretsIn(texts: Record<string, string>, secrets: ReadonlySet<string>): string[] {
  const forms = [...secrets].flatMap((s) => [
    s,
    Buffer.from(s).toString('base64'),
    Buffer.from(s).toString('base64url'),
  ]);
  return Object.entries(texts)
    .filter(([, text]) => forms.some((f) => text.includes(f)))
    .map(([name]) => name);
}

/** Every file under `dir` (but .git), by path, for the secret scan. */
export function filesUnder(dir: string, prefix = ''): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of readdirSync(dir)) {
    if (name === '.git') continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) Object.assign(out, filesUnder(path, `${prefix}${name}/`));
    else out[`${prefix}${name}`] = readFileSync(path, 'utf8');
  }
  return out;
}

export interface ServerCheck {
  findings: Finding[];
  duplicates: number;
  lost: number;
  /** Desired name -> its one live id. */
  ids: Map<string, string>;
}

/**
 * Once converged: every desired monitor exists exactly once and holds the YAML's values;
 * monitors made in the dashboard are untouched; nothing else is left.
 */
export function checkServer(
  live: readonly StoredMonitorView[],
  desired: ReadonlyMap<string, Body>,
  unmanaged: ReadonlyMap<string, string>,
  forgotten: ReadonlyMap<string, string> = new Map(),
): ServerCheck {
  const findings: Finding[] = [];
  const ids = new Map<string, string>();
  let duplicates = 0;
  let lost = 0;
  const byName = new Map<string, StoredMonitorView[]>();
  for (const m of live) {
    const name = m.input.name as string;
    byName.set(name, [...(byName.get(name) ?? []), m]);
  }
  for (const [name, body] of desired) {
    const found = (byName.get(name) ?? []).filter((m) => !unmanaged.has(m.id));
    if (found.length === 0) {
      lost += 1;
      findings.push({ check: 'lost', message: `"${name}" is in the YAML but not on the server` });
      continue;
    }
    if (found.length > 1) {
      duplicates += 1;
      findings.push({
        check: 'duplicate',
        message: `"${name}" exists ${found.length} times on the server (${found.map((m) => m.id).join(', ')})`,
      });
      continue;
    }
    ids.set(name, found[0]!.id);
    const differs = differences(body, found[0]!);
    if (differs.length > 0)
      findings.push({
        check: 'values',
        message: `"${name}" (${found[0]!.id}) does not hold the YAML's values: ${differs.join('; ')}`,
      });
  }
  for (const [id, before] of unmanaged) {
    const now = JSON.stringify(live.find((m) => m.id === id) ?? null);
    if (now === before) continue;
    const name = forgotten.get(id);
    findings.push({
      check: 'unmanaged',
      message:
        name !== undefined
          ? `"${name}" (${id}) was forgotten with a removed: entry, yet it was ${now === 'null' ? 'deleted' : 'changed'}: was ${before}, is ${now}`
          : `the unmanaged monitor ${id} (made in the dashboard) was ${now === 'null' ? 'deleted' : 'changed'}: was ${before}, is ${now}`,
    });
  }
  for (const m of live) {
    if (desired.has(m.input.name as string) || unmanaged.has(m.id)) continue;
    lost += 1;
    findings.push({
      check: 'stray',
      message: `${m.id} ("${String(m.input.name)}") is on the server but neither in the YAML nor made in the dashboard: the tool lost track of it`,
    });
  }
  return { findings, duplicates, lost, ids };
}

/** Field by field, as meaning goes: tags and locations are sets (a reorder alone is not sent). */
function differences(body: Body, stored: StoredMonitorView): string[] {
  const out: string[] = [];
  const { auth_secret: secret, ...expected } = body;
  const { auth_secret: storedSecret, ...held } = stored.input;
  for (const key of new Set([...Object.keys(expected), ...Object.keys(held)])) {
    if (!sameValue(key, expected[key], held[key]))
      out.push(`${key} is ${JSON.stringify(held[key])}, the YAML says ${JSON.stringify(expected[key])}`);
  }
  const wantSecret = typeof secret === 'string' && secret !== '';
  if (wantSecret !== stored.secretSet) out.push(wantSecret ? 'no auth_secret is set' : 'an auth_secret is set');
  // The spec server keeps the secret itself (our simulator only whether one is set).
  else if (storedSecret !== undefined && wantSecret && storedSecret !== secret)
    out.push('auth_secret is not the value the environment holds now');
  return out;
}

function sameValue(key: string, a: unknown, b: unknown): boolean {
  if (key === 'locations' && Array.isArray(a) && Array.isArray(b)) return [...a].sort().join() === [...b].sort().join();
  if (key === 'tags' && typeof a === 'string' && typeof b === 'string') return tagSet(a) === tagSet(b);
  return JSON.stringify(a) === JSON.stringify(b);
}

const tagSet = (tags: string) =>
  tags
    .split(',')
    .map((t) => t.trim())
    .filter(Boolean)
    .sort()
    .join(',');

/**
 * The lock once converged: one record per desired monitor, under the id and name the server
 * has, no id twice. Records of ids the server no longer has are let be: the plan says they
 * go, and the next apply drops them (a run killed after a delete, before its record went).
 */
export function checkLock(
  text: string | undefined,
  ids: ReadonlyMap<string, string>,
  liveIds: ReadonlySet<string>,
  forgotten: ReadonlyMap<string, string> = new Map(),
): Finding[] {
  if (text === undefined)
    return ids.size === 0 ? [] : [{ check: 'lock', message: 'no lock file, while the tool manages monitors' }];
  let records: { id: string; name: string }[];
  try {
    records = (JSON.parse(text) as { monitors: { id: string; name: string }[] }).monitors;
  } catch {
    return [{ check: 'lock', message: 'the lock file is not JSON' }];
  }
  const findings: Finding[] = [];
  const seen = new Map<string, string>();
  for (const r of records) {
    const other = seen.get(r.id);
    if (other !== undefined)
      findings.push({
        check: 'lock-id-twice',
        message: `the lock file holds ${r.id} twice, as "${other}" and as "${r.name}"`,
      });
    seen.set(r.id, r.name);
    const forgot = forgotten.get(r.id);
    if (forgot !== undefined) {
      findings.push({
        check: 'forgotten',
        message: `the lock file still records "${r.name}" (${r.id}), forgotten with removed: "${forgot}": the apply should have dropped its record`,
      });
      continue;
    }
    if (!liveIds.has(r.id)) continue;
    const live = ids.get(r.name);
    if (live === undefined)
      findings.push({
        check: 'lock',
        message: `the lock file records "${r.name}" (${r.id}), which the YAML does not have`,
      });
    else if (live !== r.id)
      findings.push({
        check: 'lock',
        message: `the lock file records "${r.name}" as ${r.id}, but the server has it as ${live}`,
      });
  }
  for (const [name, id] of ids)
    if (!records.some((r) => r.name === name))
      findings.push({
        check: 'lock',
        message: `the lock file has no record of "${name}" (${id}): the next plan would replace it as not verifiable`,
      });
  return findings;
}

/** Any lock file written, at any time: never one id twice. */
export function lockIdsOnce(text: string | undefined): Finding[] {
  if (text === undefined) return [];
  try {
    const records = (JSON.parse(text) as { monitors: { id: string; name: string }[] }).monitors;
    const names = new Map<string, string>();
    for (const r of records) {
      const other = names.get(r.id);
      if (other !== undefined)
        return [
          {
            check: 'lock-id-twice',
            message: `a lock file was written holding ${r.id} twice, as "${other}" and as "${r.name}"`,
          },
        ];
      names.set(r.id, r.name);
    }
  } catch {
    return [{ check: 'lock', message: 'a lock file was written that is not JSON' }];
  }
  return [];
}

/** What every Idempotency-Key was sent with: one method, one path, one body, for the whole history. */
export type KeyLedger = Map<string, { method: string; path: string; digest: string | null }>;

export function checkRequests(requests: readonly ServerRequest[], ledger: KeyLedger): Finding[] {
  const findings: Finding[] = [];
  for (const r of requests) {
    if (!r.key) continue;
    const first = ledger.get(r.key);
    if (!first) {
      ledger.set(r.key, { method: r.method, path: r.path, digest: r.digest });
      continue;
    }
    if (first.method !== r.method || first.path !== r.path)
      findings.push({
        check: 'key-reuse',
        message: `Idempotency-Key ${r.key} was sent with ${first.method} ${first.path} and with ${r.method} ${r.path}`,
      });
    else if (r.digest !== null && first.digest !== null && r.digest !== first.digest)
      findings.push({
        check: 'key-reuse',
        message: `Idempotency-Key ${r.key} was sent with two different bodies (${r.method} ${r.path})`,
      });
    else if (first.digest === null && r.digest !== null) first.digest = r.digest;
  }
  return findings;
}

function tail(text: string): string {
  return text.trim().split('\n').slice(-8).join('\n');
}

/**
 * No process sends before a Retry-After it was given: a request that arrives early is a
 * finding when an earlier request of the same run (one CLI process) was answered 429. A
 * process cannot know of a 429 answered to another one, such as a run killed just before a
 * CI re-run starts: its first request may arrive early, is answered 429 in turn, and is
 * counted (`unknowable`), not failed. Within a run nothing is excused.
 */
export function checkRetryAfter(runs: readonly { requests: readonly ServerRequest[] }[]): {
  findings: Finding[];
  unknowable: number;
} {
  const findings: Finding[] = [];
  let unknowable = 0;
  for (const run of runs) {
    let told = false;
    for (const r of run.requests) {
      if (r.early && told)
        findings.push({
          check: 'retry-after',
          message: `${r.method} ${r.path} arrived before the Retry-After its own process had been given had elapsed`,
        });
      else if (r.early) unknowable += 1;
      if (r.rateLimited) told = true;
    }
  }
  return { findings, unknowable };
}
