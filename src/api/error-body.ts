// Reading error bodies. ApiError is `{error: {code, message}}` (spec 2.6), but the body of
// 404, 422 and 429 is "a JSON object" and field detail of 422 is not specified, so the
// field errors are looked for in the shapes APIs commonly use.
import { MONITOR_FIELDS } from '../schema/monitor-input-schema.js';
import type { FieldError } from './errors.js';

export interface ErrorBody {
  code?: string;
  message?: string;
  fieldErrors: FieldError[];
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const KNOWN_FIELDS = new Set<string>(MONITOR_FIELDS);
const CONTAINERS = new Set(['body', 'data']);

export function parseErrorBody(body: unknown, text?: string): ErrorBody {
  if (!isObject(body)) return { ...plainMessage(text), fieldErrors: [] };
  const error = isObject(body.error) ? body.error : body;
  // A string `error` is a code when it looks like one (OAuth's "invalid_token"), else a message.
  const code =
    typeof error.code === 'string'
      ? error.code
      : typeof body.error === 'string' && /^[\w.:-]+$/.test(body.error)
        ? body.error
        : undefined;
  const message = firstString(
    error.message,
    body.message,
    body.error_description, // OAuth 2: {error: "invalid_token", error_description}
    body.detail, // RFC 9457 problem details: detail, else title
    error.detail,
    body.title,
    typeof body.error === 'string' ? body.error : undefined,
  );
  // `detail` as a list is FastAPI's shape; as a string it is a message, which fieldErrorsFrom skips.
  const candidates = [
    error.details,
    error.fields,
    error.errors,
    error.violations,
    body.errors,
    body.details,
    body.fields,
    body.detail,
    body['invalid-params'],
    body.violations,
  ];
  const fieldErrors = candidates.flatMap(fieldErrorsFrom);
  return {
    ...(code ? { code } : {}),
    ...(message ? { message: oneLine(message) } : {}),
    fieldErrors: dedupe(fieldErrors),
  };
}

/** A server's message goes into a one-line error: whitespace collapsed, length capped. */
function oneLine(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > 300 ? `${line.slice(0, 300)}...` : line;
}

/** A body that is not JSON: its first line when it is plain text, nothing when it is a page of HTML. */
function plainMessage(text: string | undefined): { message?: string } {
  const line = text?.trim().split(/\r?\n/)[0]?.trim();
  if (!line || line.startsWith('<')) return {};
  return { message: oneLine(line) };
}

function firstString(...values: unknown[]): string | undefined {
  return values.find((v): v is string => typeof v === 'string' && v.trim() !== '');
}

function fieldErrorsFrom(value: unknown): FieldError[] {
  if (Array.isArray(value)) {
    return value.flatMap((item) => {
      if (!isObject(item)) return typeof item === 'string' ? [{ field: '', message: item }] : [];
      // JSON:API puts the place in source.pointer (or source.parameter).
      const source = isObject(item.source) ? item.source : {};
      const where =
        item.field ??
        item.name ??
        item.path ??
        item.pointer ??
        item.loc ??
        item.property ??
        item.propertyPath ??
        item.param ??
        source.pointer ??
        source.parameter;
      const message = firstString(
        item.message,
        item.msg,
        item.detail,
        item.reason,
        item.description,
        item.title,
        item.code,
      );
      const path = fieldPath(where);
      return [{ field: fieldName(where), message: message ?? 'is invalid', ...(path ? { path } : {}) }];
    });
  }
  if (isObject(value)) {
    // {field: "message"} or {field: ["message", ...]}
    return Object.entries(value).flatMap(([field, messages]) =>
      (Array.isArray(messages) ? messages : [messages])
        .filter((m) => typeof m === 'string')
        .map((m) => ({ field: fieldName(field), message: m })),
    );
  }
  return [];
}

/** The segments of a place; a leading "body"/"data" names the request body, not the monitor's `body` field, unless nothing follows it. */
function segmentsOf(where: unknown): string[] {
  const all = (
    Array.isArray(where) ? where.map(String) : typeof where === 'string' ? where.split(/[./[\]]+/) : []
  ).filter((p) => p !== '');
  return all.length > 1 && CONTAINERS.has(all[0]!) ? all.slice(1) : all;
}

/** `data.locations[2]`, `/locations/2`, `["body", "locations", 2]` -> ["locations", 2]; undefined when nothing follows the field. */
export function fieldPath(where: unknown): (string | number)[] | undefined {
  const all = segmentsOf(where);
  const at = all.findIndex((p) => KNOWN_FIELDS.has(p));
  if (at < 0 || at === all.length - 1) return undefined;
  return all.slice(at).map((p, i) => (i > 0 && /^(0|[1-9][0-9]*)$/.test(p) ? Number(p) : p));
}

/** `/port`, `body.port`, `["body", "port"]`, `data.locations[2]` -> a monitor field name. */
export function fieldName(where: unknown): string {
  const parts = segmentsOf(where);
  const known = parts.find((p) => KNOWN_FIELDS.has(p));
  if (known) return known;
  return parts.filter((p) => !CONTAINERS.has(p))[0] ?? parts[0] ?? '';
}

function dedupe(errors: FieldError[]): FieldError[] {
  const seen = new Set<string>();
  return errors.filter((e) => {
    const key = `${e.field}\u0000${e.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
