// The YAML of a workspace in every environment it declares, for the commands that list,
// compare or check them all (environments, discover --against, validate, the status page):
// the same request as one environment's opening, without a lock or a client.
import type { LoadResult } from '../load/index.js';
import { loadSummary, type LoadSummary } from '../load/summary.js';
import type { WorkspaceRequest } from './request.js';

export type AllEnvironmentsRequest = Pick<WorkspaceRequest, 'paths' | 'cwd' | 'env' | 'vars' | 'missingVariable'>;

/** Every environment's state and the diagnostics of the whole set; problems are the caller's to say. */
export async function loadAllEnvironments(request: AllEnvironmentsRequest): Promise<LoadResult> {
  const { loadDesiredState } = await import('../load/index.js');
  return loadDesiredState(request.paths, {
    env: request.env,
    cwd: request.cwd,
    missingEnv: request.missingVariable,
    ...(request.vars && request.vars.size > 0 ? { vars: request.vars } : {}),
  });
}

/**
 * What validate reports, without the desired state: each valid file is let go once it is
 * checked. With an environment asked for, only that one is checked (when the set declares it).
 */
export function summarizeWorkspace(
  request: AllEnvironmentsRequest & Pick<WorkspaceRequest, 'environment'>,
): Promise<LoadSummary> {
  return loadSummary(request.paths, {
    env: request.env,
    cwd: request.cwd,
    missingEnv: request.missingVariable,
    ...(request.vars && request.vars.size > 0 ? { vars: request.vars } : {}),
    ...(request.environment ? { environment: request.environment.name } : {}),
  });
}
