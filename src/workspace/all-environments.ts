// The YAML of a workspace in every environment it declares, for the commands that list or
// compare them all (environments, discover --against): the same request as one
// environment's opening, without an environment, a lock or a client.
import type { LoadResult } from '../load/index.js';
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
