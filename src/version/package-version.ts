// The package's version, read once (the User-Agent and --version).
import { readFileSync } from 'node:fs';
import { BUNDLE_VERSION } from './bundled.js';

export function packageVersion(): string {
  if (BUNDLE_VERSION !== undefined) return BUNDLE_VERSION;
  // dist/src/version/package-version.js -> ../../../package.json; src/version/package-version.ts -> ../../package.json
  for (const rel of ['../../../package.json', '../../package.json']) {
    try {
      const pkg = JSON.parse(readFileSync(new URL(rel, import.meta.url), 'utf8')) as {
        name?: string;
        version?: string;
      };
      if (pkg.name === 'monitors' && pkg.version) return pkg.version;
    } catch {
      // try the next candidate
    }
  }
  return '0.0.0';
}
