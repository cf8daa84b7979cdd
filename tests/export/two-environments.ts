// A set with two environments, staging and production, each its own simulator (workspace),
// token variable and lock file: what the `export --env` tests adopt into. It stands in for a
// user's settings.yaml (docs/yaml-format.md, "Environments").
import { runCli, type CliResult } from '../helpers/run-cli.js';
import type { SimProcess } from '../helpers/sim-process.js';

export const TWO_ENVIRONMENTS = `settings:
  environments:
    staging:
      api_url: \${env:STAGING_URL}
      token_env: STAGING_TOKEN
      lock_file: locks/staging.lock.json
    production:
      api_url: \${env:PRODUCTION_URL}
      token_env: PRODUCTION_TOKEN
      lock_file: locks/production.lock.json
`;

/** Runs the CLI in `cwd` with each environment's URL and token set as TWO_ENVIRONMENTS names them. */
export function runInEnvironments(
  args: string[],
  cwd: string,
  staging: SimProcess,
  production: SimProcess,
): Promise<CliResult> {
  return runCli(args, {
    cwd,
    env: {
      STAGING_URL: staging.baseUrl,
      PRODUCTION_URL: production.baseUrl,
      STAGING_TOKEN: staging.token,
      PRODUCTION_TOKEN: production.token,
      CI: 'true',
    },
  });
}
