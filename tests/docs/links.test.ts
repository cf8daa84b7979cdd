// Every relative link in the README and docs/ points at a file that exists, and so does
// every path of the repository named in code (`spec/monitoring-api.md`): a front page that
// sends readers to missing pages is a broken promise.
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '../..');
const pages = [
  'README.md',
  ...readdirSync(join(root, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .map((f) => join('docs', f)),
];

function relativeLinks(markdown: string): string[] {
  const withoutCode = markdown.replace(/```[\s\S]*?```/g, '');
  return [...withoutCode.matchAll(/\]\(([^)\s]+)\)/g)]
    .map((m) => m[1]!.split('#')[0]!)
    .filter((target) => target !== '' && !/^[a-z]+:/i.test(target));
}

/** The repository's folders: a path in backticks starting with one of them names a file of the repository. */
const REPO_FOLDERS = ['action', 'bench', 'docs', 'examples', 'schema', 'scripts', 'spec', 'src', 'tests'];

/** Paths of the repository written as code (`src/lock/location.ts`), outside code blocks; relative to the root. */
function repositoryPaths(markdown: string): string[] {
  const withoutBlocks = markdown.replace(/```[\s\S]*?```/g, '');
  return [...withoutBlocks.matchAll(/`([^`\s]+)`/g)]
    .map((m) => m[1]!)
    .filter((path) => REPO_FOLDERS.some((folder) => path.startsWith(`${folder}/`)));
}

describe('documentation links', () => {
  it.each(pages)('%s links only to files that exist', (page) => {
    const missing = relativeLinks(readFileSync(join(root, page), 'utf8')).filter(
      (target) => !existsSync(resolve(root, dirname(page), target)),
    );
    expect(missing).toEqual([]);
  });

  it.each(pages)('%s names only repository paths that exist', (page) => {
    const missing = repositoryPaths(readFileSync(join(root, page), 'utf8')).filter(
      (path) => !existsSync(join(root, path)),
    );
    expect(missing).toEqual([]);
  });

  // The docs ship in the package: a relative link must land on a file the package holds too,
  // or it breaks for everyone who reads the installed copy. Elsewhere, link to the repository.
  it.each(pages)('%s links relatively only to files the package ships', (page) => {
    const shipped = (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { files: string[] }).files;
    const outside = relativeLinks(readFileSync(join(root, page), 'utf8'))
      .map((target) =>
        relative(root, resolve(root, dirname(page), target))
          .split(sep)
          .join('/'),
      )
      .filter((path) => !shipped.some((folder) => path === folder || path.startsWith(`${folder}/`)))
      .filter((path) => !['README.md', 'LICENSE', 'package.json'].includes(path));
    expect(outside).toEqual([]);
  });

  it.each(pages)('%s links to files of this repository on GitHub that exist', (page) => {
    const prefix = /https:\/\/github\.com\/monitors-as-code\/monitors\/(?:blob|tree)\/main\/([^)\s#]+)/g;
    const missing = [...readFileSync(join(root, page), 'utf8').matchAll(prefix)]
      .map((m) => m[1]!)
      .filter((path) => !existsSync(join(root, path)));
    expect(missing).toEqual([]);
  });

  it('knows the folders of the repository, and finds the paths it checks', () => {
    expect(REPO_FOLDERS.filter((folder) => !existsSync(join(root, folder)))).toEqual([]);
    expect(
      repositoryPaths('see `spec/monitoring-api.md` and `src/lock`, not `monitors/shop.yaml`\n```\n`src/x.ts`\n```'),
    ).toEqual(['spec/monitoring-api.md', 'src/lock']);
  });

  it('finds the links it checks', () => {
    expect(relativeLinks(readFileSync(join(root, 'README.md'), 'utf8'))).toContain('docs/lock-file.md');
  });
});
