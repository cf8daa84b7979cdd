// `settings.defaults`: the defaults every file of a set shares, under each file's own
// `defaults:`. A file's own value wins key by key, a monitor's own field wins over both
// (docs/yaml-format.md, "Defaults shared by every file").
import { isPlainObject } from '../values/plain-object.js';

export interface FileDefaults {
  /** What a monitor of this file is merged over: the shared defaults, then the file's own. */
  merged: Record<string, unknown>;
  /** The fields that come from settings.defaults (not overridden by the file): problems in them are located there. */
  fromSettings: ReadonlySet<string> | undefined;
}

/** The `settings.defaults` of the first file that declares settings (as the environments are read), if any. */
export function sharedDefaultsOf(values: readonly unknown[]): Record<string, unknown> | undefined {
  for (const value of values) {
    if (!isPlainObject(value) || !isPlainObject(value.settings)) continue;
    const shared = value.settings.defaults;
    return isPlainObject(shared) && Object.keys(shared).length > 0 ? shared : undefined;
  }
  return undefined;
}

/** The file's own defaults over the shared ones, key by key. */
export function fileDefaults(own: Record<string, unknown>, shared: Record<string, unknown> | undefined): FileDefaults {
  if (shared === undefined) return { merged: own, fromSettings: undefined };
  const fromSettings = new Set(Object.keys(shared).filter((key) => !Object.hasOwn(own, key)));
  if (fromSettings.size === 0) return { merged: own, fromSettings: undefined };
  return { merged: { ...shared, ...own }, fromSettings };
}
