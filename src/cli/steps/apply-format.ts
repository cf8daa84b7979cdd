// The formats of apply and destroy (--format).
import { chooseFormat, type FormatOf } from '../../render/formats/registry.js';

/** The formats of apply and destroy: those that render an apply's end (docs/apply-json.md). */
export type ApplyFormat = FormatOf<'apply'>;

/** `apply --format` and `destroy --format`; text when not given. */
export function parseApplyFormat(value: string | undefined): ApplyFormat {
  return chooseFormat('apply', value ?? 'text');
}
