// The `monitors.dev/*` annotations of a resource (docs/discover.md, "Annotations"), read into
// the overrides of its monitors. A value that cannot be used is bad input: the command stops
// at the resource's annotations with what to write instead, rather than writing a file that
// `monitors validate` would then refuse far from the manifest that caused it.
import { withinReach } from '../model/did-you-mean.js';
import { JSON_OPERATORS, KEYWORD_MODES, monitorInputProperties } from '../schema/monitor-input-schema.js';
import type { InputProblem, Resource } from './types.js';

export const PREFIX = 'monitors.dev/';

export interface Overrides {
  /** false: no monitor; true: a LoadBalancer Service opts in. */
  enabled?: boolean;
  path?: string;
  name?: string;
  type?: 'http' | 'keyword' | 'json';
  scheme?: 'http' | 'https';
  /** Services: the public host names to probe. */
  hosts?: string[];
  /** A whole URL (gatus-sidecar's `url:`): scheme, host and path of every monitor of the resource. */
  url?: string;
  fields: Record<string, string | number | boolean>;
}

const KEYS = [
  'enabled',
  'path',
  'name',
  'interval-seconds',
  'tags',
  'type',
  'scheme',
  'host',
  'keyword',
  'keyword-mode',
  'keyword-case-sensitive',
  'json-pointer',
  'json-operator',
  'json-expected',
] as const;
const KEYWORD_KEYS = ['keyword', 'keyword-mode', 'keyword-case-sensitive'];
const JSON_KEYS = ['json-pointer', 'json-operator', 'json-expected'];
const MIN_INTERVAL = monitorInputProperties.interval_seconds.minimum;

export function readAnnotations(resource: Resource): { overrides: Overrides; problems: InputProblem[] } {
  const problems: InputProblem[] = [];
  const fail = (key: string, message: string, hint: string) =>
    problems.push({
      code: 'discover.annotation',
      message: `${resource.kind} ${resource.namespace}/${resource.name}: annotation ${PREFIX}${key} ${message}`,
      hint,
      at: resource.annotationsAt,
    });
  const overrides: Overrides = { fields: {} };
  const get = (key: (typeof KEYS)[number]): string | undefined => resource.annotations[`${PREFIX}${key}`];
  for (const full of Object.keys(resource.annotations)) {
    if (!full.startsWith(PREFIX)) continue;
    const key = full.slice(PREFIX.length);
    if ((KEYS as readonly string[]).includes(key)) continue;
    const near = withinReach(key, KEYS)[0];
    fail(
      key,
      'is not one discover reads',
      near ? `Did you mean ${PREFIX}${near}?` : `See docs/discover.md for the ${PREFIX} annotations.`,
    );
  }
  const enabled = get('enabled');
  if (enabled !== undefined) {
    if (enabled === 'true' || enabled === 'false') overrides.enabled = enabled === 'true';
    else fail('enabled', `is ${JSON.stringify(enabled)}`, 'Write "true" or "false" (quoted: annotations are strings).');
  }
  const path = get('path');
  if (path !== undefined) {
    if (path.startsWith('/') && !/\s/.test(path)) overrides.path = path;
    else
      fail(
        'path',
        `is ${JSON.stringify(path)}, not a path`,
        'Write the path to probe, starting with "/" (e.g. /healthz).',
      );
  }
  const name = get('name')?.trim();
  if (name !== undefined) {
    if (name.length >= 2) overrides.name = name;
    else
      fail(
        'name',
        'is shorter than 2 characters',
        'Write the monitor name (a template like --name, e.g. "shop: {host}").',
      );
  }
  const interval = get('interval-seconds');
  if (interval !== undefined) {
    const seconds = /^\d+$/.test(interval.trim()) ? Number(interval.trim()) : NaN;
    if (Number.isSafeInteger(seconds) && seconds >= MIN_INTERVAL) overrides.fields.interval_seconds = seconds;
    else
      fail(
        'interval-seconds',
        `is ${JSON.stringify(interval)}`,
        `Write a whole number of seconds, at least ${MIN_INTERVAL} (the API's minimum), e.g. "300".`,
      );
  }
  const tags = get('tags');
  if (tags !== undefined) {
    const set = [
      ...new Set(
        tags
          .split(',')
          .map((t) => t.trim())
          .filter((t) => t !== ''),
      ),
    ].sort();
    if (set.length > 0) overrides.fields.tags = set.join(',');
  }
  const scheme = get('scheme');
  if (scheme !== undefined) {
    if (scheme === 'http' || scheme === 'https') overrides.scheme = scheme;
    else fail('scheme', `is ${JSON.stringify(scheme)}`, 'Write "https" or "http".');
  }
  const host = get('host');
  if (host !== undefined) {
    const hosts = host
      .split(',')
      .map((h) => h.trim().toLowerCase())
      .filter((h) => h !== '');
    if (hosts.length > 0) overrides.hosts = hosts;
    else fail('host', 'is empty', 'Write the public host name(s) of the Service, comma-separated.');
  }
  readType(get, overrides, fail);
  return { overrides, problems };
}

type Get = (key: (typeof KEYS)[number]) => string | undefined;
type Fail = (key: string, message: string, hint: string) => void;

/** monitors.dev/type and the fields its type needs (keyword, json), each only with its type. */
function readType(get: Get, overrides: Overrides, fail: Fail): void {
  const type = get('type');
  if (type !== undefined && type !== 'http' && type !== 'keyword' && type !== 'json') {
    fail('type', `is ${JSON.stringify(type)}`, 'Write "http", "keyword" or "json": discover derives HTTP monitors.');
    return;
  }
  if (type !== undefined) overrides.type = type;
  const chosen = type ?? 'http';
  for (const key of [...KEYWORD_KEYS, ...JSON_KEYS]) {
    const wants = KEYWORD_KEYS.includes(key) ? 'keyword' : 'json';
    if (get(key as Parameters<Get>[0]) !== undefined && chosen !== wants)
      fail(key, `needs ${PREFIX}type: ${wants}`, `Add ${PREFIX}type: "${wants}", or remove ${PREFIX}${key}.`);
  }
  if (chosen === 'keyword') {
    const keyword = get('keyword');
    if (keyword === undefined || keyword === '')
      fail('keyword', 'is missing', `A keyword monitor needs ${PREFIX}keyword: the text the page must hold.`);
    else overrides.fields.keyword = keyword;
    const mode = get('keyword-mode');
    if (mode !== undefined) {
      if ((KEYWORD_MODES as readonly string[]).includes(mode)) overrides.fields.keyword_mode = mode;
      else
        fail('keyword-mode', `is ${JSON.stringify(mode)}`, `Write ${KEYWORD_MODES.map((m) => `"${m}"`).join(' or ')}.`);
    }
    const sensitive = get('keyword-case-sensitive');
    if (sensitive !== undefined) {
      if (sensitive === 'true' || sensitive === 'false') overrides.fields.keyword_case_sensitive = sensitive === 'true';
      else fail('keyword-case-sensitive', `is ${JSON.stringify(sensitive)}`, 'Write "true" or "false".');
    }
  }
  if (chosen === 'json') {
    const pointer = get('json-pointer');
    if (pointer === undefined || !(pointer === '' || pointer.startsWith('/')))
      fail(
        'json-pointer',
        pointer === undefined ? 'is missing' : `is ${JSON.stringify(pointer)}`,
        'A json monitor needs a JSON Pointer (RFC 6901), e.g. "/status".',
      );
    else overrides.fields.json_pointer = pointer;
    const operator = get('json-operator');
    if (operator === undefined || !(JSON_OPERATORS as readonly string[]).includes(operator))
      fail(
        'json-operator',
        operator === undefined ? 'is missing' : `is ${JSON.stringify(operator)}`,
        `Write ${JSON_OPERATORS.map((o) => `"${o}"`).join(', ')}.`,
      );
    else overrides.fields.json_operator = operator;
    const expected = get('json-expected');
    if (expected !== undefined) overrides.fields.json_expected = expected;
    else if (operator === 'equals' || operator === 'not_equals')
      fail('json-expected', 'is missing', `The operator ${operator} compares with ${PREFIX}json-expected: add it.`);
  }
}
