// What the analysis of one file found (analyse-file.ts fills it): its problems, its settings
// and, per environment, its checked monitors and its `moved`, `removed` and `deleted`
// entries. A file of its own among the checks, so that the checks across files
// (cross-file.ts) read every file's without importing the analysis that makes it.
import type { CheckedMonitor } from './monitor-check.js';
import type { DeclaredException } from './policy-check.js';
import type { LocatedProblem } from '../values/problem.js';

export interface RawMoved {
  index: number;
  from: string;
  to: string;
  /** The for_each instance, when the entry has one. */
  instance?: string;
}

export interface RawRemoved {
  index: number;
  name: string;
  /** The for_each instance, when the entry has one. */
  instance?: string;
}

/** A `deleted:` entry: a delete made on purpose, with the exceptions that let it through a deny rule. */
export interface RawDeleted extends RawRemoved {
  exceptions: readonly DeclaredException[];
}

/** One environment's view of the file (the only one when none are declared). */
export interface EnvironmentAnalysis {
  /** undefined when the set declares no environments. */
  environment: string | undefined;
  monitors: CheckedMonitor[];
  moved: RawMoved[];
  removed: RawRemoved[];
  deleted: RawDeleted[];
}

export interface FileAnalysis {
  problems: LocatedProblem[];
  /** One per environment checked, in the order of `checked` (analyse-file.ts's AnalyseOptions). */
  environments: EnvironmentAnalysis[];
  /** The `settings` mapping with `${env:NAME}` resolved (environments aside), when the file declares one. */
  settings: Record<string, unknown> | undefined;
  /** `settings.environments.NAME` with `${env:NAME}` resolved, for the environments checked. */
  environmentSettings: Map<string, Record<string, unknown>>;
}
