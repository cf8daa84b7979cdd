// Minimal, strict-enough checks of response shapes (spec section 2), so a wrong answer
// is a clear BAD_RESPONSE error rather than `undefined` deep inside. Unknown extra
// fields are kept (spec 9.2).
import type { LiveMonitor } from '../model/monitor.js';
import type { Account, Incident } from './types.js';

export type ShapeCheck<T> = (value: unknown) => { ok: true; value: T } | { ok: false; problem: string };

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

export function dataOf(body: unknown): { ok: true; value: unknown } | { ok: false; problem: string } {
  if (!isObject(body) || !('data' in body)) return { ok: false, problem: 'the body has no "data" member' };
  return { ok: true, value: body.data };
}

export const monitorShape: ShapeCheck<LiveMonitor> = (value) => {
  if (!isObject(value)) return { ok: false, problem: 'a monitor is not an object' };
  if (typeof value.id !== 'string' || value.id === '') return { ok: false, problem: 'a monitor has no string "id"' };
  if (typeof value.name !== 'string') return { ok: false, problem: `monitor ${value.id} has no string "name"` };
  return { ok: true, value: value as LiveMonitor };
};

export const accountShape: ShapeCheck<Account> = (value) => {
  if (!isObject(value)) return { ok: false, problem: 'the account is not an object' };
  const limits = isObject(value.limits) ? value.limits : {};
  const usage = isObject(value.usage) ? value.usage : {};
  return { ok: true, value: { ...value, limits, usage } as Account };
};

export const incidentShape: ShapeCheck<Incident> = (value) => {
  if (!isObject(value) || typeof value.id !== 'string') return { ok: false, problem: 'an incident has no string "id"' };
  if (!isObject(value.monitor) || typeof value.monitor.id !== 'string')
    return { ok: false, problem: `incident ${value.id} has no "monitor.id"` };
  return { ok: true, value: value as Incident };
};

/** A page: data array plus meta.next_cursor (string, or null on the last page; "" read as null). */
export function pageOf<T>(
  body: unknown,
  item: ShapeCheck<T>,
): { ok: true; items: T[]; next: string | null } | { ok: false; problem: string } {
  const data = dataOf(body);
  if (!data.ok) return data;
  if (!Array.isArray(data.value)) return { ok: false, problem: '"data" of a list is not an array' };
  const items: T[] = [];
  for (const raw of data.value) {
    const checked = item(raw);
    if (!checked.ok) return checked;
    items.push(checked.value);
  }
  // next_cursor is required: without it a listing could end early unnoticed, and the
  // plan would then create monitors that exist. A missing per_page is harmless.
  const meta = (body as Record<string, unknown>).meta;
  if (!isObject(meta))
    return { ok: false, problem: meta === undefined ? 'the list has no "meta" (spec 2.5)' : '"meta" is not an object' };
  const next = meta.next_cursor;
  if (next === undefined) return { ok: false, problem: '"meta.next_cursor" is missing (spec 2.5)' };
  if (next !== null && typeof next !== 'string')
    return { ok: false, problem: '"meta.next_cursor" is neither a string nor null' };
  // JSON may carry a lone surrogate ("\ud800"); no URL can, so it could not be sent back unchanged.
  if (typeof next === 'string' && LONE_SURROGATE.test(next))
    return {
      ok: false,
      problem: '"meta.next_cursor" is not valid Unicode (a lone surrogate), so it cannot be sent back',
    };
  return { ok: true, items, next: typeof next === 'string' && next !== '' ? next : null };
}
