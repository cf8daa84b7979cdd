// Where the documentation the messages point at (docs/*.md) is for whoever runs this CLI:
// the docs/ folder of the npm package or of a clone, or, from the bundle (which holds no docs), online.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { BUNDLE_VERSION } from '../version/bundled.js';
import { REPOSITORY_URL } from '../version/repository.js';

export function docsHelp(): string {
  const online = `${REPOSITORY_URL}/tree/main/docs`;
  // dist/src/cli/ (the package, a build) -> ../../../docs; src/cli/ -> ../../docs
  const local = BUNDLE_VERSION
    ? undefined
    : ['../../../docs/', '../../docs/']
        .map((rel) => new URL(rel, import.meta.url))
        .find((url) => existsSync(new URL('ci.md', url)));
  const where = local ? `${fileURLToPath(local)} (online: ${online})` : online;
  return `\nThe docs/*.md pages that messages name: ${where}\n`;
}
