// Where `export --name/--id` writes its one new YAML file. The file must be one the next
// `plan DIR` loads (a .yaml or .yml file under --out, outside dot-folders and
// node_modules): otherwise the plan would find the adopted monitors' lock records without
// their YAML and delete them. It must not be the lock file, nor a monitors file of the
// repository (replacing it would drop that file's monitors from the YAML), nor move the
// lock file plan uses (by default the one in the folder holding all the YAML files).
import { basename, dirname, extname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { MonitorsError } from '../../errors.js';
import { displayPath } from '../../model/display-path.js';
import { fileSlug } from '../names.js';
import type { SelectedMonitor } from './select.js';

export interface Placement {
  cwd: string;
  /** --out, absolute. */
  outDir: string;
  /** The repository's monitors files, absolute. */
  loaded: readonly string[];
  /** The lock file plan uses when it loads these files (absolute paths in and out). */
  lockFor: (files: readonly string[]) => string;
}

/** The default name, without folder or extension: the monitor's name for one, else "adopted"; with --env, `<env>-` first. */
export function defaultBaseName(selected: readonly SelectedMonitor[], environment: string | undefined): string {
  const base = (selected.length === 1 && fileSlug(selected[0]!.live.name)) || 'adopted';
  return environment === undefined ? base : `${environment}-${base}`;
}

/** `<dir>/<base>.yaml`, or `<base>-2.yaml`, `-3`... when that name is taken: the default never overwrites a file. */
export function freePath(dir: string, base: string, exists: (path: string) => boolean): string {
  let path = join(dir, `${base}.yaml`);
  for (let n = 2; exists(path); n++) path = join(dir, `${base}-${n}.yaml`);
  return path;
}

/** Refuses a file plan would not load as part of the repository, or whose writing would change another file's meaning. */
export function checkPlace(file: string, place: Placement, flag: string): void {
  const shown = displayPath(file, place.cwd);
  const out = displayPath(place.outDir, place.cwd);
  const refuse = (why: string, hint: string) =>
    new MonitorsError('EXPORT_FILE_PLACE', `${flag} ${shown} ${why}; nothing was written`, { hint });
  const inside = relative(place.outDir, file);
  if (inside === '' || inside === '..' || inside.startsWith(`..${sep}`) || isAbsolute(inside))
    throw refuse(
      `is outside --out ${out}, so \`monitors plan ${out}\` would not load it`,
      `Name a file under ${out}, e.g. ${join(out, basename(file))}.`,
    );
  if (!/\.ya?ml$/i.test(extname(file)))
    throw refuse(
      'is not a .yaml or .yml file, so plan would not load it',
      `Name it ${join(dirname(shown), `${basename(file, extname(file))}.yaml`)}.`,
    );
  if (inside.split(sep).some((part) => part.startsWith('.') || part === 'node_modules'))
    throw refuse(
      'is in a dot-folder or node_modules, which the folder search of plan skips',
      `Name a file in a plain folder under ${out}.`,
    );
  const lockAfter = place.lockFor([...place.loaded, file]);
  if (resolve(file) === resolve(lockAfter)) throw refuse('is the lock file', 'Give the new YAML file another name.');
  if (place.loaded.some((f) => resolve(f) === resolve(file)))
    throw new MonitorsError(
      'EXPORT_FILE_IN_USE',
      `${flag} ${shown} is a monitors file of this repository: writing the adopted monitors over it would drop its own from the YAML (and plan would delete them); nothing was written`,
      {
        hint: 'Name a new file (--file); export --name writes one new file and never changes the others, even with --force.',
      },
    );
  if (place.loaded.length === 0) return;
  const lockNow = place.lockFor(place.loaded);
  if (resolve(lockAfter) !== resolve(lockNow))
    throw refuse(
      `would move the lock file plan uses from ${displayPath(lockNow, place.cwd)} to ${displayPath(lockAfter, place.cwd)} (by default it is in the folder holding all the YAML files)`,
      `Name a file under ${displayPath(dirname(lockNow), place.cwd)}, or name the lock file in settings.lock_file.`,
    );
}
