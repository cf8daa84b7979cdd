// Warnings (never errors): settings a monitor's own entry writes that its check ignores,
// thresholds that can never trigger, and hex payloads of an odd length. Fields inherited from `defaults` are not
// warned about, since defaults are shared by monitors of every type.
import { TYPE_SPECIFIC_FIELDS, USED_BY_TYPE, isMonitorType } from '../../schema/type-fields.js';
import type { PathSegment } from '../values/yaml-path.js';

export interface LintWarning {
  /** Path relative to the monitor. */
  path: PathSegment[];
  code: string;
  message: string;
}

const IGNORED_BY_TYPE = new Map(
  Object.entries(USED_BY_TYPE).map(([type, used]) => [
    type,
    new Set<string>(TYPE_SPECIFIC_FIELDS.filter((f) => !used.includes(f))),
  ]),
);
const AUTH_FIELDS = new Set(['auth_username', 'auth_secret']);

const isSet = (v: unknown): boolean => v !== undefined && v !== null && v !== false && v !== '';

// Runs for every monitor: no list is made for a monitor without warnings.
export function lintWarnings(input: Record<string, unknown>, own: Record<string, unknown>): readonly LintWarning[] {
  let warnings: LintWarning[] | undefined;
  const type = input.type;
  const ignored = isMonitorType(type) ? IGNORED_BY_TYPE.get(type) : undefined;
  const authIgnored = input.auth_type === 'none';
  for (const field in own) {
    if (!isSet(own[field])) continue;
    if (ignored?.has(field)) {
      (warnings ??= []).push({
        path: [field],
        code: 'lint.ignored_field',
        message: `${field} is ignored by monitors of type "${String(type)}"`,
      });
    } else if (authIgnored && AUTH_FIELDS.has(field)) {
      (warnings ??= []).push({
        path: [field],
        code: 'lint.ignored_field',
        message: `${field} is ignored when auth_type is "none"`,
      });
    }
  }
  if (input.execution_mode === 'local' && Array.isArray(own.locations) && own.locations.length > 0) {
    (warnings ??= []).push({
      path: ['locations'],
      code: 'lint.ignored_field',
      message: 'locations are ignored when execution_mode is "local"',
    });
  }
  const { slow_threshold_ms: slow, timeout_seconds: timeout } = input;
  if (typeof slow === 'number' && typeof timeout === 'number' && slow >= timeout * 1000) {
    (warnings ??= []).push({
      path: ['slow_threshold_ms'],
      code: 'lint.slow_threshold_unreachable',
      message: `slow_threshold_ms (${slow}) is not below the timeout (${timeout * 1000} ms), so no check is ever reported slow`,
    });
  }
  // The spec's pattern allows an odd count, but a payload is bytes: the last digit is likely a slip.
  for (const field of HEX_FIELDS) {
    const value = input[field];
    if (typeof value === 'string' && /^[A-Fa-f0-9]*$/.test(value) && value.length % 2 === 1) {
      (warnings ??= []).push({
        path: [field],
        code: 'lint.hex_odd_length',
        message: `${field} has an odd number of hex digits (a byte is two)`,
      });
    }
  }
  return warnings ?? NONE;
}

const HEX_FIELDS = ['udp_payload', 'udp_expected'] as const;
const NONE: readonly LintWarning[] = Object.freeze([]);
