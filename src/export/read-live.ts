// A live monitor turned into the input export writes, with what the listing could not show.
import type { LiveMonitor } from '../model/monitor.js';
import {
  MONITOR_FIELDS,
  MONITOR_INPUT_REQUIRED,
  SECRET_FIELDS,
  type MonitorField,
} from '../schema/monitor-input-schema.js';
import { REQUIRED_BY_TYPE, isMonitorType } from '../schema/type-fields.js';
import { UNREADABLE_DEFAULTS } from './unreadable-defaults.js';

/** One live monitor turned into the input export writes, with what could not be read. */
export interface ReadMonitor {
  id: string;
  name: string;
  /** Input fields in spec order; `auth_secret` is set later (an env reference). */
  input: Record<string, unknown>;
  /** Required fields the listing lacked, filled from UNREADABLE_DEFAULTS. */
  defaulted: MonitorField[];
  /** Fields the monitor's type needs but the listing lacked (or returned empty): written as null with a TODO. */
  todo: MonitorField[];
  /** Written as the entry's `id:` pin (another live monitor shares the name). */
  pinnedId?: string;
}

const REQUIRED = new Set<string>(MONITOR_INPUT_REQUIRED);
const SECRETS = new Set<string>(SECRET_FIELDS);

/**
 * Reads the input fields a listing item carries. A spec-only listing lacks most required
 * fields: each gets its documented default (`defaulted`). A listing that returns every
 * required field returns the stored input, and then an optional field it leaves out is
 * taken as unset (servers, like our simulator's full mode, do not invent unsent fields).
 * Nulls are left out (absent and null mean the same to the API), except a null in a
 * required field, which counts as not returned.
 */
export function readLiveMonitor(live: LiveMonitor): ReadMonitor {
  const input: Record<string, unknown> = {};
  const defaulted: MonitorField[] = [];
  for (const field of MONITOR_FIELDS) {
    if (SECRETS.has(field)) continue;
    const value = live[field];
    if (value !== undefined && value !== null) input[field] = value;
    else if (REQUIRED.has(field)) {
      input[field] = UNREADABLE_DEFAULTS[field];
      defaulted.push(field);
    }
  }
  const todo = missingTypeFields(input);
  for (const field of todo) input[field] = null;
  return { id: live.id, name: live.name, input: inSpecOrder(input), defaulted, todo };
}

function missingTypeFields(input: Record<string, unknown>): MonitorField[] {
  const type = input.type;
  if (!isMonitorType(type)) return [];
  return REQUIRED_BY_TYPE[type].filter((field) => input[field] === undefined);
}

export function inSpecOrder(input: Record<string, unknown>): Record<string, unknown> {
  const ordered: Record<string, unknown> = {};
  for (const field of MONITOR_FIELDS) if (Object.hasOwn(input, field)) ordered[field] = input[field];
  return ordered;
}
