// Where in the YAML a failed create or replace is to be pointed at (pure): for a 422, each
// field the error body names, in the entry when it writes the field itself, in the file's
// `defaults:` when the entry takes the field from there; for anything else, the entry.
import type { FieldError } from '../api/errors.js';
import { isApiError, ValidationError } from '../api/errors.js';
import type { PathSegment } from '../load/values/yaml-path.js';
import type { MonitorsError } from '../errors.js';
import { isInputField } from '../plan/normalize.js';
import type { ChangeSource } from '../plan/types.js';

export interface FailurePlace {
  /** Path in the file's parsed value; undefined: the entry itself. */
  path?: PathSegment[];
  /** The field the server named, when it named a monitor field. */
  field?: string;
  message: string;
}

/** The places one failure points at, in the order the server listed its field errors. */
export function failurePlaces(source: ChangeSource, error: MonitorsError): FailurePlace[] {
  const fields = error instanceof ValidationError ? error.fieldErrors : [];
  if (fields.length === 0)
    return [{ message: isApiError(error, 'API_VALIDATION') ? error.message : `${error.code}: ${error.message}` }];
  return fields.map((f) => fieldPlace(source, f));
}

function fieldPlace(source: ChangeSource, f: FieldError): FailurePlace {
  const message = f.field ? `${f.field}: ${f.message}` : f.message;
  if (!isInputField(f.field) || source.index === undefined) return { message };
  const inner = f.path && f.path[0] === f.field ? f.path.slice(1) : [];
  const path: PathSegment[] = source.from_defaults?.includes(f.field)
    ? ['defaults', f.field, ...inner]
    : ['monitors', source.index, f.field, ...inner];
  return { path, field: f.field, message };
}
