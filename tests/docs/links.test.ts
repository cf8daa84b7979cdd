// Every relative link in the README and docs/ points at a file that exists: a front page
// that sends readers to missing pages is a broken promise.
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '../..');
const pages = ['README.md', ...readdirSync(join(root, 'docs')).filter((f) => f.endsWith('.md')).map((f) => join('docs', f))];

function relativeLinks(markdown: string): string[] {
  const withoutCode = markdown.replace(/```[\s\S]*?```/g, '');
  return [...withoutCode.matchAll(/\]\(([^)\s]+)\)/g)]
    .map((m) => m[1]!.split('#')[0]!)
    .filter((target) => target !== '' && !/^[a-z]+:/i.test(target));
}

describe('documentation links', () => {
  it.each(pages)('%s links only to files that exist', (page) => {
    const missing = relativeLinks(readFileSync(join(root, page), 'utf8')).filter((target) => !existsSync(resolve(root, dirname(page), target)));
    expect(missing).toEqual([]);
  });

  it('finds the links it checks', () => {
    expect(relativeLinks(readFileSync(join(root, 'README.md'), 'utf8'))).toContain('docs/lock-file.md');
  });
});
