// The tokens file given with --tokens-file:
// {"tokens":[{"token":"...","workspace":"ws-a","scopes":["monitors:read"],"expires_at":"ISO"|null,
//   "revoked":false,"active_member":true}]}
// Problems are reported by position, never by echoing a token.
import { MonitorsError } from '../errors.js';
import { SCOPES, type Scope, type SimToken } from './tokens.js';

export const WORKSPACE_PATTERN = /^[A-Za-z0-9_.:-]{1,64}$/;

export function parseTokensFile(text: string, fileName: string): SimToken[] {
  let parsed: unknown;
  try {
    // Editors on Windows may start the file with a byte order mark; JSON.parse refuses it.
    parsed = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (error) {
    throw invalid(fileName, `it is not valid JSON (${(error as Error).message})`);
  }
  const list = isObject(parsed) ? parsed.tokens : undefined;
  if (!Array.isArray(list)) throw invalid(fileName, 'expected an object with a "tokens" array');
  if (list.length === 0)
    throw invalid(fileName, 'the "tokens" array is empty, so every request would be refused; add at least one token');
  const tokens = list.map((item, index) => parseToken(item, `tokens[${index}]`, fileName));
  const repeat = firstRepeat(tokens.map((t) => t.token));
  // One value with two workspaces or scope sets would make authentication ambiguous.
  if (repeat)
    throw invalid(fileName, `tokens[${repeat.at}] has the same token as tokens[${repeat.first}]; give each token once`);
  return tokens;
}

/** The first value seen twice, by position. */
function firstRepeat(values: readonly string[]): { first: number; at: number } | undefined {
  const seen = new Map<string, number>();
  for (const [at, value] of values.entries()) {
    const first = seen.get(value);
    if (first !== undefined) return { first, at };
    seen.set(value, at);
  }
  return undefined;
}

function parseToken(item: unknown, where: string, fileName: string): SimToken {
  if (!isObject(item)) throw invalid(fileName, `${where} is not an object`);
  const known = new Set(['token', 'workspace', 'scopes', 'expires_at', 'revoked', 'active_member']);
  const unknown = Object.keys(item).find((k) => !known.has(k));
  if (unknown) throw invalid(fileName, `${where} has an unknown field "${unknown}"`);
  const { token, workspace, scopes, expires_at: expiresAt, revoked, active_member: activeMember } = item;
  if (typeof token !== 'string' || !/^[\x21-\x7e]{8,512}$/.test(token)) {
    throw invalid(fileName, `${where}.token must be 8 to 512 visible ASCII characters`);
  }
  if (typeof workspace !== 'string' || !WORKSPACE_PATTERN.test(workspace)) {
    throw invalid(fileName, `${where}.workspace must be 1 to 64 letters, digits or _.:-`);
  }
  if (!Array.isArray(scopes) || !scopes.every((s): s is Scope => (SCOPES as readonly unknown[]).includes(s))) {
    throw invalid(fileName, `${where}.scopes must be an array of: ${SCOPES.join(', ')}`);
  }
  const expiry =
    expiresAt === undefined || expiresAt === null ? null : typeof expiresAt === 'string' ? Date.parse(expiresAt) : NaN;
  if (expiry !== null && Number.isNaN(expiry))
    throw invalid(fileName, `${where}.expires_at must be an ISO date-time or null`);
  for (const [name, value] of [
    ['revoked', revoked],
    ['active_member', activeMember],
  ] as const) {
    if (value !== undefined && typeof value !== 'boolean')
      throw invalid(fileName, `${where}.${name} must be true or false`);
  }
  return {
    token,
    workspace,
    scopes: [...new Set(scopes)],
    expiresAt: expiry,
    revoked: revoked === true,
    activeMember: activeMember !== false,
  };
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function invalid(fileName: string, why: string): MonitorsError {
  return new MonitorsError('SIM_TOKENS_FILE_INVALID', `tokens file ${fileName}: ${why}`);
}
