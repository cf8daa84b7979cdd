// Option help shared by plan and apply, so the two say the same (docs/lock-file.md has the rule).

export const LOCK_HELP =
  'lock file (default: settings.lock_file, or in an environment its lock_file; else monitors.lock.json, in an environment monitors.NAME.lock.json, in the folder holding the YAML files)';

export const API_URL_HELP =
  "API base URL ending in /api/v1; wins over an environment's api_url (default: the environment's api_url, else MONITORS_API_URL, else settings.api_url)";
