// Every Node.js version the README and docs name as the least one is the `engines` minimum of
// package.json (undici 7 needs 20.18.1): a reader of "20.18" would install a Node that fails.
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '../..');
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { engines: { node: string } };

describe('the Node.js version in the docs', () => {
  it('is the engines minimum wherever a version of Node 20 is named', () => {
    const minimum = /^>=(\d+\.\d+\.\d+)$/.exec(pkg.engines.node)?.[1];
    expect(minimum).toBeDefined();
    const pages = ['README.md', ...readdirSync(join(root, 'docs')).map((f) => `docs/${f}`)].filter((f) =>
      f.endsWith('.md'),
    );
    const named = pages.flatMap((page) =>
      [...readFileSync(join(root, page), 'utf8').matchAll(/Node(?:\.js)? (20\.[\d.]+\d)/g)].map(
        (m) => `${page}: ${m[1]}`,
      ),
    );
    expect(named.length).toBeGreaterThan(0);
    expect(named.filter((n) => !n.endsWith(`: ${minimum}`))).toEqual([]);
  });
});
