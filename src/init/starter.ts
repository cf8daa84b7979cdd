// What `monitors init` writes: a starter repository that validates at once, as plain data
// (path relative to the target folder, text, and a few words on what the file is for).
import { FILE_SCHEMA_NAME, fileSchemaText } from '../schema/schema-files.js';
import { ciStarter, type InitCi } from './ci-starters.js';
import { gitignore } from './templates/gitignore.js';
import { MONITORS_YAML } from './templates/monitors-yaml.js';
import { SETTINGS_YAML } from './templates/settings-yaml.js';

export interface StarterFile {
  /** Relative to the target folder, with `/`. */
  path: string;
  text: string;
  what: string;
}

export function starterFiles(ci: InitCi | undefined): StarterFile[] {
  const files: StarterFile[] = [
    {
      path: 'monitors/monitors.yaml',
      text: MONITORS_YAML,
      what: 'defaults (the required fields, explained) and 8 monitors, one per common type',
    },
    { path: 'monitors/settings.yaml', text: SETTINGS_YAML, what: 'settings of the whole set: what plan may delete' },
    {
      // The YAML's first lines name it by a relative path: editors find it offline, and
      // `monitors fmt` rewrites it with the schema of the version that runs (src/fmt/schema-refresh.ts).
      path: `monitors/${FILE_SCHEMA_NAME}`,
      text: fileSchemaText(),
      what: 'the schema editors complete and check the YAML with, offline (fmt refreshes it)',
    },
    {
      path: '.gitignore',
      text: gitignore(ci !== undefined),
      what:
        ci !== undefined
          ? 'saved plans, CI reports and the lock file (kept on monitors-state) stay out of git'
          : 'saved plans and CI reports stay out of git',
    },
  ];
  if (ci !== undefined) {
    const { path, text, what } = ciStarter(ci);
    files.push({ path, text, what });
  }
  return files;
}
