// What a command's arguments are when it runs once per environment (--env all or
// MONITORS_ENV=all): only the format is its own; the rest is checked by each environment's run.
import type { FormatOf } from '../../render/formats/registry.js';
import type { Subject } from '../../render/formats/subjects.js';

export interface EveryEnvironmentArguments<S extends Subject> {
  everyEnvironment: true;
  format: FormatOf<S>;
}
