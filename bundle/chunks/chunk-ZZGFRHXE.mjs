import { createRequire as __monitorsCreateRequire } from 'node:module';
const require = __monitorsCreateRequire(import.meta.url);
var e="lock file (default: settings.lock_file, or in an environment its lock_file; else monitors.lock.json, in an environment monitors.NAME.lock.json, in the folder holding the YAML files)",n="API base URL ending in /api/v1; wins over an environment's api_url (default: the environment's api_url, else MONITORS_API_URL, else settings.api_url)";export{e as a,n as b};
