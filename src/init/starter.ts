// What `monitors init` writes: a starter repository that validates at once, as plain data
// (path relative to the target folder, text, and a few words on what the file is for).
import { gitignore } from './templates/gitignore.js';
import { GITHUB_WORKFLOW } from './templates/github-workflow.js';
import { GITLAB_CI } from './templates/gitlab-ci.js';
import { MONITORS_YAML } from './templates/monitors-yaml.js';
import { SETTINGS_YAML } from './templates/settings-yaml.js';

export const CI_PROVIDERS = ['github', 'gitlab'] as const;
export type CiProvider = (typeof CI_PROVIDERS)[number];

export interface StarterFile {
  /** Relative to the target folder, with `/`. */
  path: string;
  text: string;
  what: string;
}

export function starterFiles(ci: CiProvider | undefined): StarterFile[] {
  const files: StarterFile[] = [
    {
      path: 'monitors/monitors.yaml',
      text: MONITORS_YAML,
      what: 'defaults (the required fields, explained) and 8 monitors, one per common type',
    },
    { path: 'monitors/settings.yaml', text: SETTINGS_YAML, what: 'settings of the whole set: what plan may delete' },
    {
      path: '.gitignore',
      text: gitignore(ci !== undefined),
      what:
        ci !== undefined
          ? 'saved plans, CI reports and the lock file (kept on monitors-state) stay out of git'
          : 'saved plans and CI reports stay out of git',
    },
  ];
  if (ci === 'github')
    files.push({
      path: '.github/workflows/monitors.yml',
      text: GITHUB_WORKFLOW,
      what: 'plan on pull requests, apply on main, drift daily (the monitors Action)',
    });
  if (ci === 'gitlab')
    files.push({
      path: '.gitlab-ci.yml',
      text: GITLAB_CI,
      what: 'plan on merge requests, apply on the default branch, drift on a schedule (monitors ci)',
    });
  return files;
}
