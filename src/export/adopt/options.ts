// `export --name GLOB` and `--id ID`, checked before anything is read or requested: an empty
// value is a slip (an unset shell variable), never "everything"; an id must have the form
// the spec gives ids (section 2), so a typo is not sent as a listing to search.
import { MonitorsError } from '../../errors.js';
import { ID_PATTERN } from '../../schema/file-schema.js';

export interface Selection {
  /** --name patterns (src/model/name-select/, as --target), each once. */
  names: string[];
  /** --id values, each once. */
  ids: string[];
}

const ID = new RegExp(ID_PATTERN);

/** The selection asked for, or undefined when neither --name nor --id was given (export the whole workspace). */
export function parseSelection(
  names: readonly string[] | undefined,
  ids: readonly string[] | undefined,
): Selection | undefined {
  if (names?.some((v) => v.trim() === ''))
    throw new MonitorsError('BAD_OPTION', '--name needs a monitor name or a glob, not an empty string', {
      hint: 'Quote names with spaces: --name "shop: home page"; a glob matches whole names: --name "shop: *".',
    });
  for (const id of ids ?? []) {
    if (id.trim() === '') throw new MonitorsError('BAD_OPTION', '--id needs a monitor id, not an empty string');
    if (!ID.test(id)) throw badId(id);
  }
  if (!names?.length && !ids?.length) return undefined;
  return { names: [...new Set(names ?? [])], ids: [...new Set(ids ?? [])] };
}

function badId(id: string): MonitorsError {
  const upper = id.trim().toUpperCase();
  const near = ID.test(upper) ? `; did you mean ${upper}?` : '';
  return new MonitorsError(
    'BAD_OPTION',
    `--id ${JSON.stringify(id.slice(0, 60))} is not a monitor id: 26 characters, digits and capital letters without I, L, O and U${near}`,
    {
      hint: 'Copy the id from the dashboard or from `monitors plan --format json` (unmanaged monitors are listed with their ids).',
    },
  );
}
