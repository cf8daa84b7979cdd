// Checks a parsed state file record by record before anything is restored. The file may
// have been edited by hand or written by another version: a record the handlers cannot
// serve would otherwise turn every listing of its workspace into a 500.
import { schemaProblems } from '../schema/check-input.js';
import { ID_PATTERN } from './ids.js';
import { INCIDENT_STATUSES, MONITOR_STATUSES } from './records.js';

type Check = (value: unknown) => boolean;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isDate: Check = (v) => typeof v === 'string' && !Number.isNaN(Date.parse(v));
const isDateOrNull: Check = (v) => v === null || isDate(v);
const isId: Check = (v) => typeof v === 'string' && ID_PATTERN.test(v);
const oneOf =
  (values: readonly string[]): Check =>
  (v) =>
    typeof v === 'string' && values.includes(v);

const MONITOR_FIELDS: Record<string, Check> = {
  id: isId,
  input: (v) => isObject(v) && !('auth_secret' in v) && schemaProblems(v).length === 0,
  authSecretSet: (v) => typeof v === 'boolean',
  status: oneOf(MONITOR_STATUSES),
  createdAt: isDate,
  updatedAt: isDate,
  lastCheckAt: isDateOrNull,
  nextCheckAt: isDateOrNull,
};

const INCIDENT_FIELDS: Record<string, Check> = {
  id: isId,
  monitorId: isId,
  status: oneOf(INCIDENT_STATUSES),
  severity: (v) => typeof v === 'string',
  summary: (v) => typeof v === 'string',
  openedAt: isDate,
  resolvedAt: isDateOrNull,
};

const IDEMPOTENCY_FIELDS: Record<string, Check> = {
  workspace: (v) => typeof v === 'string',
  key: (v) => typeof v === 'string' && v !== '',
  fingerprint: (v) => typeof v === 'string' && /^[0-9a-f]{64}$/.test(v),
  storedAt: (v) => typeof v === 'number' && Number.isFinite(v),
  response: (v) =>
    isObject(v) &&
    Number.isInteger(v.status) &&
    (v.status as number) >= 200 &&
    (v.status as number) <= 299 &&
    isObject(v.headers) &&
    Object.values(v.headers).every((h) => typeof h === 'string') &&
    (v.body === undefined || typeof v.body === 'string'),
};

/** The first problem of a parsed state file (where, and what is wrong), or undefined. */
export function snapshotProblem(parsed: unknown, format: string, version: number): string | undefined {
  if (!isObject(parsed) || parsed.format !== format || parsed.version !== version)
    return `it is not a version ${version} ${format} file`;
  const { workspaces, idempotency } = parsed;
  if (!isObject(workspaces) || !Array.isArray(idempotency)) return 'workspaces or idempotency is missing';
  const seen = new Set<string>();
  for (const [name, content] of Object.entries(workspaces)) {
    if (!isObject(content) || !Array.isArray(content.monitors) || !Array.isArray(content.incidents)) {
      return `workspace "${name}" needs "monitors" and "incidents" arrays`;
    }
    for (const [list, fields] of [
      ['monitors', MONITOR_FIELDS],
      ['incidents', INCIDENT_FIELDS],
    ] as const) {
      const records = content[list] as unknown[];
      for (let i = 0; i < records.length; i++) {
        const where = `workspace "${name}" ${list}[${i}]`;
        const problem = recordProblem(records[i], fields);
        if (problem) return `${where} ${problem}`;
        const id = (records[i] as { id: string }).id;
        if (seen.has(id)) return `${where} repeats the id ${id}`;
        seen.add(id);
      }
    }
  }
  for (let i = 0; i < idempotency.length; i++) {
    const problem = recordProblem(idempotency[i], IDEMPOTENCY_FIELDS);
    if (problem) return `idempotency[${i}] ${problem}`;
  }
  return undefined;
}

function recordProblem(record: unknown, fields: Record<string, Check>): string | undefined {
  if (!isObject(record)) return 'is not an object';
  for (const [field, check] of Object.entries(fields)) {
    if (!check(record[field])) return `has a missing or malformed "${field}"`;
  }
  return undefined;
}
