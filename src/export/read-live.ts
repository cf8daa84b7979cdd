import type { LiveMonitor } from '../model/monitor.js';
import { MONITOR_FIELDS, MONITOR_INPUT_REQUIRED, SECRET_FIELDS, monitorInputProperties, type MonitorField } from '../schema/monitor-input-schema.js';
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
  /** True when the listing returned every input field except the write-only secret. */
  complete: boolean;
}

const REQUIRED = new Set<string>(MONITOR_INPUT_REQUIRED);
const SECRETS = new Set<string>(SECRET_FIELDS);

function allowsNull(field: MonitorField): boolean {
  const type: unknown = monitorInputProperties[field].type;
  return Array.isArray(type) && type.includes('null');
}

/**
 * Reads the input fields a listing item carries. A field counts as returned when its key is
 * present; a null where the schema allows none counts as not returned (a required field
 * gets its documented default, an optional one is left out so the API default applies).
 * Nulls of nullable fields are left out too: absent and null mean the same to the API.
 */
export function readLiveMonitor(live: LiveMonitor): ReadMonitor {
  const input: Record<string, unknown> = {};
  const defaulted: MonitorField[] = [];
  let complete = true;
  for (const field of MONITOR_FIELDS) {
    if (SECRETS.has(field)) continue;
    if (!Object.hasOwn(live, field)) complete = false;
    const value = live[field];
    if (value !== undefined && value !== null) input[field] = value;
    else if (REQUIRED.has(field)) {
      if (value === null && !allowsNull(field)) complete = false;
      input[field] = UNREADABLE_DEFAULTS[field];
      defaulted.push(field);
    }
  }
  const todo = missingTypeFields(input);
  for (const field of todo) input[field] = null;
  return { id: live.id, name: live.name, input: inSpecOrder(input), defaulted, todo, complete };
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
