// The example pipelines name docs/ci.md's sections in their comments (`docs/ci.md, "Any
// other CI"`): each named section exists, so a reader following one lands somewhere.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '../..');

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : [path];
  });
}

const headings = (page: string) =>
  new Set(
    [...readFileSync(join(root, 'docs', page), 'utf8').matchAll(/^#+ (.+)$/gm)].map((m) => m[1]!.trim().toLowerCase()),
  );

describe('references from the examples to docs sections', () => {
  it('name sections that exist', () => {
    const broken: string[] = [];
    let seen = 0;
    for (const file of files(join(root, 'examples'))) {
      const text = readFileSync(file, 'utf8');
      for (const m of text.matchAll(/docs\/([a-z-]+\.md),\s*"([^"]+)"/g)) {
        seen += 1;
        if (!headings(m[1]!).has(m[2]!.toLowerCase())) broken.push(`${relative(root, file)}: ${m[1]} "${m[2]}"`);
      }
    }
    expect(seen).toBeGreaterThan(0);
    expect(broken).toEqual([]);
  });
});
