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

export function parseErrorBody(text: string): ErrorBody {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return { fieldErrors: [] };
  }
  if (!isObject(body)) return { fieldErrors: [] };
  const error = isObject(body.error) ? body.error : body;
  const code = typeof error.code === 'string' ? error.code : undefined;
  const message = typeof error.message === 'string' ? error.message : typeof body.message === 'string' ? body.message : undefined;
  // `detail` as a list is FastAPI's shape; as a string it is a message, which fieldErrorsFrom skips.
  const candidates = [error.details, error.fields, error.errors, body.errors, body.details, body.fields, body.detail];
  const fieldErrors = candidates.flatMap(fieldErrorsFrom);
  return { ...(code ? { code } : {}), ...(message ? { message } : {}), fieldErrors: dedupe(fieldErrors) };
}

function fieldErrorsFrom(value: unknown): FieldError[] {
  if (Array.isArray(value)) {
    return value.flatMap((item) => {
      if (!isObject(item)) return typeof item === 'string' ? [{ field: '', message: item }] : [];
      const where = item.field ?? item.name ?? item.path ?? item.pointer ?? item.loc ?? item.property ?? item.param;
      const message = item.message ?? item.msg ?? item.detail ?? item.description ?? item.code;
      return [{ field: fieldName(where), message: typeof message === 'string' ? message : 'is invalid' }];
    });
  }
  if (isObject(value)) {
    // {field: "message"} or {field: ["message", ...]}
    return Object.entries(value).flatMap(([field, messages]) =>
      (Array.isArray(messages) ? messages : [messages]).filter((m) => typeof m === 'string').map((m) => ({ field: fieldName(field), message: m as string })),
    );
  }
  return [];
}

/** `/port`, `body.port`, `["body", "port"]`, `data.locations[2]` -> a monitor field name. */
export function fieldName(where: unknown): string {
  const all = (Array.isArray(where) ? where.map(String) : typeof where === 'string' ? where.split(/[./[\]]+/) : []).filter((p) => p !== '');
  // A leading "body"/"data" names the request body, not the monitor's `body` field,
  // unless nothing follows it.
  const parts = all.length > 1 && CONTAINERS.has(all[0]!) ? all.slice(1) : all;
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
