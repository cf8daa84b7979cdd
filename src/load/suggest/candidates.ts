// Known keys at each place of a monitors file, for "did you mean" on unknown fields.
import { monitorsFileSchema, settingsSchema } from '../../schema/file-schema.js';
import { MONITOR_FIELDS } from '../../schema/monitor-input-schema.js';
import { policyRequireSchema, policyRuleSchema, policyWhereSchema } from '../../schema/policy-schema.js';
import type { PathSegment } from '../values/yaml-path.js';

export const TOP_LEVEL_KEYS = Object.keys(monitorsFileSchema.properties);
export const ITEM_KEYS: readonly string[] = [...MONITOR_FIELDS, 'id', 'policy_exceptions'];
const DEFAULT_KEYS = [...MONITOR_FIELDS.filter((f) => f !== 'name'), 'policy_exceptions'];
const SETTINGS_KEYS = Object.keys(settingsSchema.properties);
const POLICY_KEYS: Readonly<Record<string, readonly string[]>> = {
  rule: Object.keys(policyRuleSchema.properties),
  require: Object.keys(policyRequireSchema.properties),
  where: Object.keys(policyWhereSchema.properties),
};

/** Keys allowed in the object at `path` of a whole file. */
export function fileCandidates(path: readonly PathSegment[]): readonly string[] {
  const [section] = path;
  if (path.length === 0) return TOP_LEVEL_KEYS;
  if (section === 'defaults' && path.length === 1) return DEFAULT_KEYS;
  if (section === 'monitors' && path.length === 2) return ITEM_KEYS;
  if (section === 'moved' && path.length === 2) return ['from', 'to'];
  if (section === 'removed' && path.length === 2) return ['name'];
  if (section === 'settings' && path.length === 1) return SETTINGS_KEYS;
  if (section === 'settings' && path[1] === 'scope') return ['prefix'];
  if (section === 'settings' && path[1] === 'defaults' && path.length === 2) return DEFAULT_KEYS;
  if (section === 'policy' && path.length === 2) return POLICY_KEYS.rule!;
  if (section === 'policy' && path.length === 3) return POLICY_KEYS[String(path[2])] ?? [];
  return [];
}

/** Keys allowed in one monitor entry (relative paths of the merged monitor). */
export const monitorCandidates = (path: readonly PathSegment[]): readonly string[] =>
  path.length === 0 ? ITEM_KEYS : [];
