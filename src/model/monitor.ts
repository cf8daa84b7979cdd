// The shared vocabulary of the pipeline: the desired and live monitors, the desired state, the
// settings and a located diagnostic.
import type { FromObjectSchema, Simplify } from '../schema/from-schema.js';
import type { DesiredPolicy, PolicyExceptionUsed } from './policy-data.js';
import type { MONITOR_INPUT_REQUIRED, MonitorField, monitorInputProperties } from '../schema/monitor-input-schema.js';

/** Body of POST /monitors and PUT /monitors/{id}; derived from the schema value. */
export type MonitorInput = Simplify<FromObjectSchema<typeof monitorInputProperties, typeof MONITOR_INPUT_REQUIRED>>;

/**
 * A monitor as GET /monitors returns it (spec 2.2). Only these fields are promised; a
 * server may return more (spec 9.2), which land in the index signature.
 */
export interface LiveMonitor {
  id: string;
  name: string;
  type: string;
  url: string;
  method: string;
  status: string;
  interval_seconds: number;
  timeout_seconds: number;
  last_check_at?: string | null;
  next_check_at?: string | null;
  created_at: string;
  updated_at: string;
  [extra: string]: unknown;
}

export interface SourcePos {
  file: string;
  line: number;
  col: number;
}

/** One monitor as the YAML wants it, after defaults and `${env:NAME}` resolution. */
/** A field as written with `${env:NAME}` references: a string, or a list of strings (locations). */
export type EnvTemplate = string | string[];

export interface DesiredMonitor {
  name: string;
  /** Values ready to send, secrets resolved. Never printed or written as is. */
  input: MonitorInput;
  /** Fields whose YAML value used `${env:NAME}`: field -> the template as written. */
  envRefs: Partial<Record<MonitorField, EnvTemplate>>;
  /**
   * Values of the variables envRefs use, for their salted scrypt hashes (src/plan/env-protect.ts).
   * Like input, never printed or written.
   */
  envValues?: Readonly<Record<string, string>>;
  /** Reconciler-level `id:` pin, when the YAML names the live monitor explicitly. */
  pinnedId?: string;
  /** Where the entry is written (for a generated monitor: its template). */
  source: SourcePos;
  /**
   * Where the entry is written, to point at one of its fields later (a server's 422): its
   * index in the file's `monitors:` list, and the entry as parsed (its own keys tell the
   * fields it writes from those it takes from `defaults:`). Every instance of a template
   * shares its template's entry, so a field of a generated monitor is found at the template.
   */
  entry?: { index: number; written: Readonly<Record<string, unknown>> };
  /** For a monitor made by a for_each: its instance, `region=us-east, check=health`. */
  instance?: string;
  /** The `policy_exceptions` that spared this monitor a violation (absent: none). */
  policyExceptions?: PolicyExceptionUsed[];
}

export interface MovedEntry {
  from: string;
  to: string;
  source: SourcePos;
}

/** A `removed:` entry: stop managing the monitor of this name (its lock record goes, nothing is sent). */
export interface RemovedEntry {
  name: string;
  source: SourcePos;
}

/** A `deleted:` entry: a delete made on purpose, with the exceptions (id, reason) that let it through a `deny` rule. */
export interface DeletedEntry {
  name: string;
  exceptions: { id: string; reason: string }[];
  source: SourcePos;
}

/** Which live monitors the tool may delete, beyond those in its lock file. */
export type OwnershipScope = { kind: 'lock' } | { kind: 'workspace' } | { kind: 'prefix'; prefix: string };

/** Settings a YAML file may declare under `settings:` (at most one file per set). */
export interface Settings {
  scope: OwnershipScope;
  /** Refuse plans deleting more than this many monitors (unless allowed explicitly). */
  maxDeletes: number;
  /** Refuse plans deleting more than this share (0..1) of the managed live monitors. */
  maxDeleteShare: number;
  /** Lock file path, resolved against the declaring file's folder. */
  lockFile?: string;
  /** API base URL (ending in /api/v1); MONITORS_API_URL overrides it. */
  apiUrl?: string;
  /** Where apiUrl is written, for messages about the URL. */
  apiUrlAt?: SourcePos;
  source?: SourcePos;
  /** The environments the set declares (settings.environments), in order; empty when none. */
  environments?: string[];
  /** The environment this state is for, when the set declares environments. */
  environment?: EnvironmentSettings;
}

/** One environment of `settings.environments`: its own workspace, token, lock file and vars. */
export interface EnvironmentSettings {
  name: string;
  /** This environment's API base URL; it wins over MONITORS_API_URL and settings.api_url. */
  apiUrl?: string;
  /** Where apiUrl is written, for messages about the URL. */
  apiUrlAt?: SourcePos;
  /** The variable holding this environment's token (MONITORS_API_TOKEN is never used for it). */
  tokenEnv?: string;
  /** Where tokenEnv is written, for messages about the token. */
  tokenEnvAt?: SourcePos;
  /** Lock file, resolved against the declaring file's folder. */
  lockFile?: string;
}

export const DEFAULT_SETTINGS: Settings = {
  scope: { kind: 'lock' },
  maxDeletes: 20,
  maxDeleteShare: 0.5,
};

export interface DesiredState {
  monitors: DesiredMonitor[];
  moved: MovedEntry[];
  /** `removed:` entries of this environment (absent: none). */
  removed?: RemovedEntry[];
  /** `deleted:` entries of this environment (absent: none). */
  deleted?: DeletedEntry[];
  settings: Settings;
  /** The YAML files read, in the stable order they were read. */
  files: string[];
  /** The set's `policy:` in this environment (absent: the set declares none). */
  policy?: DesiredPolicy;
}

export interface Diagnostic {
  file: string;
  line: number;
  col: number;
  /** info: a note that changes nothing (a file skipped by a folder search). */
  severity: 'error' | 'warning' | 'info';
  code: string;
  message: string;
}
