// A saved plan (`plan --out FILE`): the plan as data, the fingerprint of the live state it
// was computed from, and the lock it was computed against (path and salt: the plan's
// secret hashes were made with that salt, and the lock may not exist on disk yet).
// Bodies hold `${env:NAME}` references, never values.
import { MonitorsError } from '../errors.js';
import type { LockFile } from '../lock/types.js';
import { PLAN_FORMAT_VERSION, type Plan } from './types.js';
import type { WrittenVars } from './saved-plan-vars.js';

export const SAVED_PLAN_KIND = 'monitors-saved-plan';

/**
 * Where a saved URL came from when the plan was made (`--api-url`, or a setting and where
 * it is written), so that apply's messages about it name the same place.
 */
export interface SavedUrlOrigin {
  apiUrlSource?: string;
  apiUrlAt?: string;
}

/** The environment a saved plan was made in: apply uses its token variable and URL. */
export interface SavedEnvironment extends SavedUrlOrigin {
  name: string;
  tokenEnv: string;
  /** Where token_env is written (`settings.yaml:11:18`), for messages. */
  tokenEnvAt?: string;
  apiUrl?: string;
}

export interface SavedPlan extends SavedUrlOrigin {
  plan: Plan;
  /** The YAML file declaring settings when the plan was made (a refused value's var is looked up there). */
  settingsFile?: string;
  lockPath: string;
  salt: string;
  apiUrl?: string;
  environment?: SavedEnvironment;
  createdAt: string;
  toolVersion: string;
  /** The vars set for the run (--var, --var-file), as written (saved-plan-vars.ts). */
  vars?: WrittenVars;
}

export interface SavedPlanMeta extends SavedUrlOrigin {
  lockPath: string;
  settingsFile?: string;
  lock: LockFile;
  toolVersion: string;
  apiUrl?: string;
  environment?: SavedEnvironment;
  /** When the plan was made: given by the caller, since the planner never reads the clock. */
  now: Date;
  vars?: WrittenVars;
}

export function serializeSavedPlan(plan: Plan, meta: SavedPlanMeta): string {
  const saved = {
    kind: SAVED_PLAN_KIND,
    format_version: PLAN_FORMAT_VERSION,
    created_at: meta.now.toISOString(),
    tool_version: meta.toolVersion,
    lock_path: meta.lockPath,
    lock_salt: meta.lock.salt,
    ...(meta.settingsFile ? { settings_file: meta.settingsFile } : {}),
    ...(meta.vars && Object.keys(meta.vars).length > 0 ? { vars: meta.vars } : {}),
    ...(meta.apiUrl ? { api_url: meta.apiUrl, ...urlOriginJson(meta) } : {}),
    ...(meta.environment
      ? {
          environment: {
            name: meta.environment.name,
            token_env: meta.environment.tokenEnv,
            ...(meta.environment.tokenEnvAt ? { token_env_at: meta.environment.tokenEnvAt } : {}),
            ...(meta.environment.apiUrl
              ? { api_url: meta.environment.apiUrl, ...urlOriginJson(meta.environment) }
              : {}),
          },
        }
      : {}),
    plan,
  };
  return `${JSON.stringify(saved, null, 2)}\n`;
}

export function parseSavedPlan(text: string): SavedPlan {
  const invalid = (why: string) =>
    new MonitorsError('PLAN_FILE_INVALID', `the saved plan is not valid: ${why}`, {
      hint: 'Make it again with `monitors plan --out FILE`.',
    });
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw invalid('it is not JSON');
  }
  if (!isObject(value) || value.kind !== SAVED_PLAN_KIND)
    throw invalid('it is not a file written by `monitors plan --out`');
  if (value.format_version !== PLAN_FORMAT_VERSION)
    throw invalid(`format_version ${JSON.stringify(value.format_version)} is not ${PLAN_FORMAT_VERSION}`);
  const plan = value.plan;
  if (
    !isObject(plan) ||
    !Array.isArray(plan.changes) ||
    typeof plan.live_fingerprint !== 'string' ||
    !isObject(plan.summary)
  )
    throw invalid('"plan" is incomplete');
  if (typeof value.lock_path !== 'string' || typeof value.lock_salt !== 'string')
    throw invalid('the lock path or salt is missing');
  for (const [i, c] of plan.changes.entries()) {
    if (
      !isObject(c) ||
      !['create', 'replace', 'delete', 'forget'].includes(c.action as string) ||
      typeof c.name !== 'string' ||
      (c.action !== 'forget' && typeof c.idempotency_key !== 'string') // a forget sends nothing
    ) {
      throw invalid(`change ${i + 1} is incomplete`);
    }
    if (c.action !== 'create' && typeof c.id !== 'string')
      throw invalid(`change ${i + 1} (${String(c.action)} of "${c.name}") has no id`);
    if ((c.action === 'create' || c.action === 'replace') && (!isObject(c.body) || !isObject(c.lock_record)))
      throw invalid(`change ${i + 1} ("${c.name}") has no body`);
    if (c.force_token !== undefined && typeof c.force_token !== 'string')
      throw invalid(`change ${i + 1} ("${c.name}") has a force_token that is not a string`);
  }
  if (plan.targets !== undefined && (!Array.isArray(plan.targets) || !plan.targets.every((t) => typeof t === 'string')))
    throw invalid('"targets" is not a list of names');
  if (
    plan.pending_creates !== undefined &&
    (!Array.isArray(plan.pending_creates) || !plan.pending_creates.every(isSettled))
  )
    throw invalid('"pending_creates" is not a list of creates in flight (key, name, id)');
  const environment = value.environment;
  if (
    environment !== undefined &&
    (!isObject(environment) || typeof environment.name !== 'string' || typeof environment.token_env !== 'string')
  ) {
    throw invalid('"environment" needs a name and a token_env');
  }
  if (value.vars !== undefined && !isObject(value.vars)) throw invalid('"vars" is not a mapping of names to values');
  return {
    plan: plan as unknown as Plan,
    lockPath: value.lock_path,
    salt: value.lock_salt,
    ...(typeof value.settings_file === 'string' ? { settingsFile: value.settings_file } : {}),
    ...(typeof value.api_url === 'string' ? { apiUrl: value.api_url, ...urlOriginOf(value) } : {}),
    ...(environment
      ? {
          environment: {
            name: environment.name as string,
            tokenEnv: environment.token_env as string,
            ...(typeof environment.token_env_at === 'string' ? { tokenEnvAt: environment.token_env_at } : {}),
            ...(typeof environment.api_url === 'string'
              ? { apiUrl: environment.api_url, ...urlOriginOf(environment) }
              : {}),
          },
        }
      : {}),
    ...(isObject(value.vars) ? { vars: value.vars } : {}),
    createdAt: typeof value.created_at === 'string' ? value.created_at : '',
    toolVersion: typeof value.tool_version === 'string' ? value.tool_version : '',
  };
}

function urlOriginJson(origin: SavedUrlOrigin): Record<string, string> {
  return {
    ...(origin.apiUrlSource ? { api_url_source: origin.apiUrlSource } : {}),
    ...(origin.apiUrlAt ? { api_url_at: origin.apiUrlAt } : {}),
  };
}

function urlOriginOf(value: Record<string, unknown>): SavedUrlOrigin {
  return {
    ...(typeof value.api_url_source === 'string' ? { apiUrlSource: value.api_url_source } : {}),
    ...(typeof value.api_url_at === 'string' ? { apiUrlAt: value.api_url_at } : {}),
  };
}

const isSettled = (v: unknown): boolean =>
  isObject(v) && typeof v.key === 'string' && typeof v.name === 'string' && (v.id === null || typeof v.id === 'string');

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
