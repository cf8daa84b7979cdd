// Terraform's command/views: commands decide and write, src/render says the words. No file
// of src/cli hands a write (process.stdout/stderr, a stream, the lock branch's output, a
// terminal question) a string or template literal with a letter in it; the text comes from
// a function of src/render, given plain data. (Error messages thrown as MonitorsError are
// the errors' own words.)
import { readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { wordsWritten } from './words-written.js';
import { tsFilesUnder } from './source-files.js';

const root = resolve(import.meta.dirname, '../..');
// The lines test holds print are read by the tests that wait for them, not by people.
const EXEMPT = new Set(['src/cli/steps/test-hold.ts']);

describe('src/cli builds no sentence of its own', () => {
  it('writes only text that src/render made', () => {
    const found = tsFilesUnder(join(root, 'src/cli'), { withDeclarations: true })
      .map((abs) => relative(root, abs))
      .filter((file) => !EXEMPT.has(file))
      .flatMap((file) =>
        wordsWritten(readFileSync(join(root, file), 'utf8'), file).map((w) => `${file}:${w.line}: ${w.words}`),
      );
    expect(found).toEqual([]);
  });
});

describe('wordsWritten', () => {
  const lines = (source: string) => [...new Set(wordsWritten(source).map((w) => w.line))];

  it('finds words built in place, however they reach the write', () => {
    expect(lines('process.stdout.write(`Forgot ${what} in ${file}.\\n`);')).toEqual([1]);
    expect(lines('process.stderr.write(`${printable(`note: ${shown} is missing`)}\\n`);')).toEqual([1]);
    expect(lines("out.write(`${[...lines, 'done'].join('\\n')}\\n`);")).toEqual([1]);
    expect(lines('const line = `Saved the plan to ${out}`;\nprocess.stderr.write(`${line}\\n`);')).toEqual([1]);
    expect(lines('out.stderr(`${n} monitors`);')).toEqual([1]);
    expect(lines('await rl.question(`${q} Only "yes" will be accepted: `);')).toEqual([1]);
    expect(lines("stream.write(a ? 'would reformat' : 'reformatted');")).toEqual([1]);
    expect(lines("process.stdout.write(items.map((i) => `note: ${i}`).join('\\n'));")).toEqual([1]);
  });

  it('leaves what a renderer made, separators, tests and escapes alone', () => {
    expect(lines("process.stdout.write(await renderAs(format, 'discovery', output, NO_COLOR));")).toEqual([]);
    expect(lines('process.stdout.write(fmtSummaryLine({ changed: 1, unchanged, refused, check: true }));')).toEqual([]);
    expect(lines("process.stderr.write(`${problems.map(diagnosticLine).join('\\n')}\\n`);")).toEqual([]);
    expect(
      lines("const errors = ds.filter((d) => d.severity === 'error');\nprocess.stderr.write(text(errors));"),
    ).toEqual([]);
    expect(lines("stream.write(`${still ? '' : '\\r\\u001b[2K'}${printable(line)}\\n`);")).toEqual([]);
    expect(lines('// process.stdout.write(`said in a comment`)')).toEqual([]);
  });
});
