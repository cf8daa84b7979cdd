import { MonitorsError } from '../../errors.js';

export type ApplyFormat = 'text' | 'json';

/** `apply --format`: text (default) or json (docs/apply-json.md). */
export function parseApplyFormat(value: string | undefined): ApplyFormat {
  if (value === undefined || value === 'text' || value === 'json') return value ?? 'text';
  throw new MonitorsError('BAD_OPTION', `--format must be text or json, not "${value.slice(0, 40)}"`);
}
