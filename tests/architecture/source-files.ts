// The TypeScript files under a folder, in a stable order: what every rule of
// tests/architecture reads. Declaration files (`.d.ts`) count only where asked: they hold no
// code, but they still open with a comment.
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

export function tsFilesUnder(dir: string, options: { withDeclarations?: boolean } = {}): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir).sort()) {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) out.push(...tsFilesUnder(path, options));
    else if (entry.endsWith('.ts') && (options.withDeclarations || !entry.endsWith('.d.ts'))) out.push(path);
  }
  return out;
}
