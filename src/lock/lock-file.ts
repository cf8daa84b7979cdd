// The lock file on disk: versioned, stable sorted JSON that diffs well in git.
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { MonitorsError } from '../errors.js';
import { writeFileAtomic } from './atomic-write.js';
import { sortPending } from './pending-creates.js';
import { sortRecords } from './sort-records.js';
import {
  LOCK_FORMAT_VERSION,
  type LockFile,
  type LockPolicy,
  type LockRecord,
  type LockWorkspace,
  type PendingCreate,
} from './types.js';

export function newLockFile(): LockFile {
  return { format_version: LOCK_FORMAT_VERSION, salt: randomBytes(16).toString('base64url'), monitors: [] };
}

/** Sorted records (name, then id), sorted keys, 2-space indent, trailing newline. */
export function serializeLock(lock: LockFile): string {
  return [...lockText(lock)].join('');
}

/**
 * Whether two locks serialize to the same text (serializeLock(a) === serializeLock(b)),
 * compared piece by piece as the text is made: never two whole texts of 100 MB at once.
 */
export function sameLockText(a: LockFile, b: LockFile): boolean {
  const left = lockText(a);
  const right = lockText(b);
  // The next piece of text, or '' once the text has ended.
  const more = (text: Generator<string>): string => {
    for (let piece = text.next(); !piece.done; piece = text.next()) if (piece.value !== '') return piece.value;
    return '';
  };
  let x = '';
  let y = '';
  for (;;) {
    x ||= more(left);
    y ||= more(right);
    if (x === '' || y === '') return x === y;
    const n = Math.min(x.length, y.length);
    if (x.length === y.length ? x !== y : x.slice(0, n) !== y.slice(0, n)) return false;
    x = x.slice(n);
    y = y.slice(n);
  }
}

export async function writeLockFileAtomic(path: string, lock: LockFile): Promise<void> {
  await writeFileAtomic(path, lockText(lock));
}

/**
 * The text of serializeLock record by record: JSON.stringify of the whole lock with a
 * 2-space indent, written without holding the whole lock as ordered objects and as one
 * string at once (a lock of 100,000 monitors is 100 MB of text).
 */
function* lockText(lock: LockFile): Generator<string> {
  const records = sortRecords([...lock.monitors]);
  yield `{\n  "format_version": ${JSON.stringify(lock.format_version)},\n  "salt": ${JSON.stringify(lock.salt)},\n`;
  // After the salt, so a lock that has none is byte for byte what earlier versions wrote.
  const workspace = lock.workspace;
  if (workspace) {
    const ordered = {
      ...(workspace.account_id !== undefined ? { account_id: workspace.account_id } : {}),
      api_url: workspace.api_url,
    };
    yield `  "workspace": ${JSON.stringify(ordered, null, 2).replace(/\n/g, '\n  ')},\n`;
  }
  // Only with a policy in force: a lock of a set without one is byte for byte what earlier versions wrote.
  if (lock.policy) yield `  "policy": ${JSON.stringify(orderPolicy(lock.policy), null, 2).replace(/\n/g, '\n  ')},\n`;
  // Only while there are some: a lock without creates in flight is byte for byte what earlier versions wrote.
  const pending = sortPending([...(lock.pending_creates ?? [])]).map(({ key, listed, name, since }) => ({
    key,
    ...(listed !== undefined ? { listed: sortedMap(listed) } : {}),
    name,
    since,
  }));
  if (pending.length > 0) yield `  "pending_creates": ${JSON.stringify(pending, null, 2).replace(/\n/g, '\n  ')},\n`;
  yield '  "monitors": ';
  if (records.length === 0) yield '[]';
  for (const [i, record] of records.entries()) {
    // A record's own lines, one level deeper inside the list (strings hold no raw line break).
    yield `${i === 0 ? '[' : ','}\n    ${JSON.stringify(orderRecord(record), null, 2).replace(/\n/g, '\n    ')}`;
  }
  if (records.length > 0) yield '\n  ]';
  yield '\n}\n';
}

/** The lock at `path`, or undefined when there is none yet. */
export async function readLockFile(path: string): Promise<LockFile | undefined> {
  return (await readLockWithText(path))?.lock;
}

/** The lock at `path` and its text as on disk, or undefined when there is none yet. */
export async function readLockWithText(path: string): Promise<{ text: string; lock: LockFile } | undefined> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw new MonitorsError(
      'LOCK_UNREADABLE',
      `cannot read the lock file ${path} (${(error as NodeJS.ErrnoException).code ?? 'error'})`,
      {
        hint: 'Check the path (--lock, settings.lock_file) and its permissions.',
      },
    );
  }
  return { text, lock: parseLock(text, path) };
}

export function parseLock(text: string, path: string): LockFile {
  const invalid = (why: string) =>
    new MonitorsError('LOCK_INVALID', `the lock file ${path} is not valid: ${why}`, {
      hint: 'Restore it from git (`git checkout -- <file>`); if it is lost, delete it: the next plan replaces each monitor once as "not verifiable" and records it again.',
    });
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw invalid('it is not JSON (a merge conflict?)');
  }
  if (!isObject(value)) throw invalid('it is not a JSON object');
  if (typeof value.format_version === 'number' && value.format_version > LOCK_FORMAT_VERSION) {
    // Not broken: written by a newer monitors. Deleting it (the usual advice) would lose what it manages.
    throw new MonitorsError(
      'LOCK_INVALID',
      `the lock file ${path} has format_version ${value.format_version}: a newer monitors wrote it, and this one (${LOCK_FORMAT_VERSION}) cannot read it`,
      {
        hint: 'Upgrade monitors to the version your pipeline uses; do not delete the lock file.',
      },
    );
  }
  if (value.format_version !== LOCK_FORMAT_VERSION)
    throw invalid(`format_version ${JSON.stringify(value.format_version)} is not ${LOCK_FORMAT_VERSION}`);
  if (typeof value.salt !== 'string' || value.salt.length < 8) throw invalid('"salt" is missing');
  if (!Array.isArray(value.monitors)) throw invalid('"monitors" is not a list');
  // An id recorded twice (a merge by git, a hand edit) is not refused here: plan repairs it
  // from the listing, which says which record is the monitor's (plan/lock-repair.ts).
  const monitors = value.monitors.map((r, i): LockRecord => {
    if (!isObject(r) || typeof r.id !== 'string' || typeof r.name !== 'string')
      throw invalid(`record ${i + 1} needs string "id" and "name"`);
    if (r.fingerprint !== null && typeof r.fingerprint !== 'string')
      throw invalid(`record "${r.name}" has no fingerprint`);
    return {
      id: r.id,
      name: r.name,
      fingerprint: r.fingerprint,
      ...(isStringMap(r.fields) ? { fields: r.fields } : {}),
      ...(typeof r.file === 'string' ? { file: r.file } : {}),
      ...(isStringMap(r.secrets) ? { secrets: r.secrets } : {}),
      // Any JSON values: what they mean is the planner's business (src/plan/lock-record.ts).
      ...(isObject(r.values) ? { values: r.values } : {}),
      ...(isObject(r.guessed) ? { guessed: r.guessed } : {}),
    };
  });
  const pending = parsePending(value.pending_creates, invalid);
  const workspace = parseWorkspace(value.workspace, invalid);
  const policy = parsePolicy(value.policy, invalid);
  return {
    format_version: LOCK_FORMAT_VERSION,
    salt: value.salt,
    ...(workspace ? { workspace } : {}),
    ...(policy ? { policy } : {}),
    monitors,
    ...(pending.length > 0 ? { pending_creates: pending } : {}),
  };
}

/** The workspace the lock belongs to (absent in lock files written before it was recorded). */
function parseWorkspace(value: unknown, invalid: (why: string) => MonitorsError): LockWorkspace | undefined {
  if (value === undefined) return undefined;
  if (!isObject(value) || typeof value.api_url !== 'string') throw invalid('"workspace" needs a string "api_url"');
  if (value.account_id !== undefined && typeof value.account_id !== 'string')
    throw invalid('"workspace.account_id" is not a string');
  return { api_url: value.api_url, ...(value.account_id !== undefined ? { account_id: value.account_id } : {}) };
}

/** The policy in force at the last apply (absent without one, and in lock files written before it was recorded). */
function parsePolicy(value: unknown, invalid: (why: string) => MonitorsError): LockPolicy | undefined {
  if (value === undefined) return undefined;
  if (!isObject(value) || !isObject(value.rules)) throw invalid('"policy" needs an object "rules"');
  const rules: LockPolicy['rules'] = Object.create(null) as LockPolicy['rules']; // a "__proto__" id stays an id
  for (const [id, rule] of Object.entries(value.rules)) {
    if (
      !isObject(rule) ||
      typeof rule.fingerprint !== 'string' ||
      (rule.level !== 'mandatory' && rule.level !== 'advisory') ||
      !isStringMap(rule.parts)
    )
      throw invalid(
        `policy rule "${id}" needs a string "fingerprint", a "level" (mandatory or advisory) and string "parts"`,
      );
    rules[id] = { fingerprint: rule.fingerprint, level: rule.level, parts: rule.parts };
  }
  return { rules };
}

/** The creates in flight (absent in most lock files, and in every one written before them). */
function parsePending(value: unknown, invalid: (why: string) => MonitorsError): PendingCreate[] {
  if (value === undefined) return [];
  if (!Array.isArray(value)) throw invalid('"pending_creates" is not a list');
  return value.map((p, i): PendingCreate => {
    if (!isObject(p) || typeof p.name !== 'string' || typeof p.key !== 'string' || typeof p.since !== 'string')
      throw invalid(`pending create ${i + 1} needs string "name", "key" and "since"`);
    if (Number.isNaN(Date.parse(p.since))) throw invalid(`pending create "${p.name}" has a "since" that is not a time`);
    if (p.listed !== undefined && !isObject(p.listed))
      throw invalid(`pending create "${p.name}" has a "listed" that is not an object`);
    return { name: p.name, key: p.key, since: p.since, ...(p.listed !== undefined ? { listed: p.listed } : {}) };
  });
}

export function withoutRecords(lock: LockFile, ids: readonly string[]): LockFile {
  const drop = new Set(ids);
  return { ...lock, monitors: lock.monitors.filter((r) => !drop.has(r.id)) };
}

/** The record with its keys, and those of its maps, in sorted order (what JSON.stringify then writes). */
function orderRecord(r: LockRecord): Record<string, unknown> {
  return {
    ...(r.fields !== undefined ? { fields: sortedMap(r.fields) } : {}),
    ...(r.file !== undefined ? { file: r.file } : {}),
    fingerprint: r.fingerprint,
    ...(r.guessed !== undefined ? { guessed: sortedMap(r.guessed) } : {}),
    id: r.id,
    name: r.name,
    ...(r.secrets !== undefined ? { secrets: sortedMap(r.secrets) } : {}),
    ...(r.values !== undefined ? { values: sortedMap(r.values) } : {}),
  };
}

/** Rules sorted by id, each with its keys and parts sorted. */
function orderPolicy(policy: LockPolicy): Record<string, unknown> {
  const rules = sortedMap(policy.rules);
  for (const [id, rule] of Object.entries(rules))
    rules[id] = { fingerprint: rule.fingerprint, level: rule.level, parts: sortedMap(rule.parts) };
  return { rules };
}

function sortedMap<T>(map: Readonly<Record<string, T>>): Record<string, T> {
  const out: Record<string, T> = Object.create(null) as Record<string, T>; // a "__proto__" key stays a key
  for (const key of Object.keys(map).sort()) out[key] = map[key]!;
  return out;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isStringMap = (v: unknown): v is Record<string, string> =>
  isObject(v) && Object.values(v).every((x) => typeof x === 'string');
