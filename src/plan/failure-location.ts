// Where a failed create or replace points in the YAML: what src/locate finds and apply's
// report, the renderers and the CLI show. A type of its own, below apply and locate, so that
// apply can name it without importing the folder that reads the files.
import type { PlannedChange } from './types.js';

export interface FailureLocation {
  file: string;
  line: number;
  col: number;
  /** The monitor field the server named, when it named one. */
  field?: string;
  /** For a monitor made by a for_each: its instance (the place is in its template). */
  instance?: string;
  /** What is wrong here, followed by the instance when there is one. */
  message: string;
  /** The same without the instance: what every instance of a template shares. */
  reason: string;
  /**
   * The refused value came through `${var.NAME}`: this place is where that var is set
   * (settings.environments.ENV.vars, or the file's own vars:), after the place of the reference.
   */
  var?: string;
}

/** Where a var's value comes from in a run: the environment planned and the file declaring settings. */
export interface VarSources {
  environment?: string;
  /** As shown to the user (relative to the working folder), like change sources. */
  settingsFile?: string;
}

export type FailureLocations = ReadonlyMap<PlannedChange, FailureLocation[]>;
