// Two things said in one place each (docs/architecture.md, "Said in one place"): a place in a
// file as people read it (`file:line:col`, src/model/location-text.ts), and "did you mean"
// (src/model/did-you-mean.ts, the only importer of the edit distance it rests on). Each rule
// names the file and line that breaks it.
import { readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { importGraph } from './import-graph.js';
import { tsFilesUnder } from './source-files.js';

const src = resolve(import.meta.dirname, '../../src');

const files = tsFilesUnder(src)
  .map((path) => relative(src, path).split('\\').join('/'))
  .filter((file) => !file.startsWith('load/generated/')); // ajv's output, generated

const code = (line: string) => !/^\s*(\/\/|\*|\/\*)/.test(line);

// `${at.file}:${at.line}:${at.col}`, `${file}:${lineOf(...)}`, `file + ':' + pos.line`: a line
// or column written after a colon, in a template or by concatenation.
const INLINE_LOCATION = [
  /\}:\$\{[^}]*(\bline|\bcol\b|Line\b|Col\b)/,
  /['"`]:['"`]\s*\+\s*[\w.?!]*(\bline|\bcol\b|Line\b|Col\b)/,
];

/** The 1-based numbers of the lines of `source` that write a location inline. */
export function inlineLocations(source: string): number[] {
  return source
    .split('\n')
    .flatMap((line, i) => (code(line) && INLINE_LOCATION.some((re) => re.test(line)) ? [i + 1] : []));
}

describe('file:line:col is written in one place', () => {
  it('finds a location written inline, and not other colons', () => {
    const source = [
      'const a = `${d.file}:${d.line}:${d.col}`;',
      'const b = `${declared.at.file}:${declared.at.line}`;',
      'const c = `${path.relative(root, abs)}:${index.lineOf(abs, start)}`;',
      "const d = file + ':' + pos.line;",
      'const e = `${f.file}:${f.startLine}`;',
      '// `${d.file}:${d.line}:${d.col}` in a comment',
      'const f = `${host}:${port}`;',
      'const g = `${url.host}:${protocol}`;',
      'const h = `${a}:${pipeline}`;',
      'const i = locationText(d);',
    ].join('\n');
    expect(inlineLocations(source)).toEqual([1, 2, 3, 4, 5]);
  });

  it('holds in src/: only src/model/location-text.ts writes one', () => {
    const found = files
      .filter((file) => file !== 'model/location-text.ts')
      .flatMap((file) => inlineLocations(readFileSync(join(src, file), 'utf8')).map((n) => `src/${file}:${n}`));
    expect(found).toEqual([]);
  });
});

describe('"did you mean" is said in one place', () => {
  it('only src/model/did-you-mean.ts imports the edit distance', () => {
    const graph = importGraph(src);
    const importers = [...graph].filter(([, targets]) => targets.has('model/edit-distance.ts')).map(([file]) => file);
    expect(importers).toEqual(['model/did-you-mean.ts']);
  });

  it('no other file names editDistance (a re-export or a copy of it)', () => {
    const found = files
      .filter((file) => file !== 'model/did-you-mean.ts' && file !== 'model/edit-distance.ts')
      .flatMap((file) =>
        readFileSync(join(src, file), 'utf8')
          .split('\n')
          .flatMap((line, i) => (code(line) && /\beditDistance\b/.test(line) ? [`src/${file}:${i + 1}`] : [])),
      );
    expect(found).toEqual([]);
  });
});
