// What `monitors init --ci NAME` adds for each CI of src/ci/provider-names.ts: the pipeline
// file and the next steps to set it up. A provider added to that list fails the typecheck here
// until it gets a starter, or `undefined` (plain: any other CI, with no file of its own;
// Bitbucket Data Center, whose jobs run in another CI).
import { PROVIDERS, type ProviderName } from '../ci/provider-names.js';
import { AZURE_PIPELINE } from './templates/azure-pipelines.js';
import { giteaWorkflow } from './templates/gitea-workflow.js';
import { GITHUB_WORKFLOW } from './templates/github-workflow.js';
import { BITBUCKET_PIPELINES } from './templates/bitbucket-pipelines.js';
import { GITLAB_CI } from './templates/gitlab-ci.js';

export interface CiStarter {
  /** Relative to the target folder, with `/`. */
  path: string;
  text: string;
  what: string;
  /** Lines printed after the common next steps. */
  nextSteps: readonly string[];
  /** The pipeline runs the CLI's bundle committed as .monitors/ (init copies it when it can). */
  bundle: boolean;
}

const giteaNextSteps = (host: string, file: string) => [
  `In ${host}: commit .monitors/ (the bundle the jobs run as .monitors/monitors.mjs) with the rest, add the variable MONITORS_API_URL`,
  `and the secrets MONITORS_PLAN_TOKEN and MONITORS_APPLY_TOKEN (repository Settings > Actions), as ${file} says at its top.`,
];

export const CI_STARTERS = {
  forgejo: {
    path: '.forgejo/workflows/monitors.yml',
    text: giteaWorkflow('forgejo'),
    what: 'plan on pull requests, apply on main, drift daily (monitors ci in Forgejo Actions)',
    nextSteps: giteaNextSteps('Forgejo', '.forgejo/workflows/monitors.yml'),
    bundle: true,
  },
  gitea: {
    path: '.gitea/workflows/monitors.yml',
    text: giteaWorkflow('gitea'),
    what: 'plan on pull requests, apply on main, drift daily (monitors ci in Gitea Actions)',
    nextSteps: giteaNextSteps('Gitea', '.gitea/workflows/monitors.yml'),
    bundle: true,
  },
  github: {
    path: '.github/workflows/monitors.yml',
    text: GITHUB_WORKFLOW,
    what: 'plan on pull requests, apply on main, drift daily (the monitors Action)',
    nextSteps: [
      'In GitHub: add the secrets MONITORS_PLAN_TOKEN and MONITORS_APPLY_TOKEN and the variable MONITORS_API_URL',
      '(Settings > Secrets and variables > Actions), as .github/workflows/monitors.yml says at its top.',
    ],
    bundle: false,
  },
  gitlab: {
    path: '.gitlab-ci.yml',
    text: GITLAB_CI,
    what: 'plan on merge requests, apply on the default branch, drift on a schedule (monitors ci)',
    nextSteps: [
      'In GitLab: commit .monitors/ (the bundle the jobs run as .monitors/monitors.mjs) with the rest, and set the CI/CD variables',
      'MONITORS_API_URL, MONITORS_GITLAB_TOKEN, MONITORS_PLAN_TOKEN and MONITORS_APPLY_TOKEN, as .gitlab-ci.yml says at its top.',
    ],
    bundle: true,
  },
  azure: {
    path: 'azure-pipelines.yml',
    text: AZURE_PIPELINE,
    what: 'plan on pull requests, apply on main, drift daily (monitors ci in Azure Pipelines)',
    nextSteps: [
      'In Azure DevOps: commit .monitors/ (the bundle the jobs run) with the rest, create the pipeline from azure-pipelines.yml, the variable group',
      '"monitors" and the branch policy "Build validation" on main, and give the build service its permissions, as azure-pipelines.yml says at its top.',
    ],
    bundle: true,
  },
  bitbucket: {
    path: 'bitbucket-pipelines.yml',
    text: BITBUCKET_PIPELINES,
    what: 'plan on pull requests, apply on main, drift on a schedule (monitors ci in Bitbucket Pipelines)',
    nextSteps: [
      'In Bitbucket: commit .monitors/ (the bundle the steps run as .monitors/monitors.mjs), enable Pipelines, and set the variables',
      'MONITORS_API_URL, BITBUCKET_ACCESS_TOKEN (a repository access token; app passwords are retired), MONITORS_PLAN_TOKEN,',
      'and MONITORS_APPLY_TOKEN in the deployment environment Production, as bitbucket-pipelines.yml says at its top.',
    ],
    bundle: true,
  },
  // Bitbucket Data Center runs no pipelines of its own: its jobs run in Jenkins, Bamboo, ... (docs/ci.md).
  'bitbucket-dc': undefined,
  plain: undefined,
} as const satisfies Record<ProviderName, CiStarter | undefined>;

/** The CIs `init --ci` offers: those with a starter. */
export type InitCi = { [N in ProviderName]: (typeof CI_STARTERS)[N] extends undefined ? never : N }[ProviderName];

export const INIT_CIS: readonly InitCi[] = PROVIDERS.filter((name): name is InitCi => CI_STARTERS[name] !== undefined);

export function ciStarter(ci: InitCi): CiStarter {
  return CI_STARTERS[ci];
}
