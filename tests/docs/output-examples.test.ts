// Output shown in the README and docs/ is real: each block marked
//   <!-- output of `monitors ARGS` in FOLDER [with NAME=VALUE] -->
// is what the built CLI prints (stdout) when run in FOLDER with those arguments, and a
// block marked `<!-- lines of the output of ... -->` holds lines it prints. A ```json
// block is compared as data, so it may be laid out for reading.
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/run-cli.js';

const root = resolve(import.meta.dirname, '../..');
const pages = [
  'README.md',
  ...readdirSync(join(root, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .map((f) => join('docs', f)),
];
const MARKED =
  /<!-- (lines of the )?output of `monitors ([^`]*)` in (\S+)(?: with (\w+)=(\S*))? -->\n```(\w*)\n([\s\S]*?)```/g;

interface Example {
  page: string;
  args: string[];
  folder: string;
  env: Record<string, string>;
  mode: 'exact' | 'lines' | 'json';
  shown: string;
}

const examples: Example[] = pages.flatMap((page) =>
  [...readFileSync(join(root, page), 'utf8').matchAll(MARKED)].map((m) => ({
    page,
    args: m[2]!.split(' '),
    folder: m[3]!,
    env: m[4] ? { [m[4]]: m[5]! } : {},
    mode: m[1] ? ('lines' as const) : m[6] === 'json' ? ('json' as const) : ('exact' as const),
    shown: m[7]!,
  })),
);

describe('output shown in the documentation', () => {
  it('finds the marked examples', () => {
    expect(examples.map((e) => e.page)).toEqual(expect.arrayContaining(['README.md', join('docs', 'yaml-format.md')]));
  });

  it.each(examples.map((e) => [`${e.page}: monitors ${e.args.join(' ')}`, e] as const))(
    '%s',
    async (_name, example) => {
      const run = await runCli(example.args, { cwd: join(root, example.folder), env: example.env });
      if (example.mode === 'json') expect(JSON.parse(run.stdout)).toEqual(JSON.parse(example.shown));
      else if (example.mode === 'lines')
        expect(run.stdout.split('\n')).toEqual(expect.arrayContaining(example.shown.trimEnd().split('\n')));
      else expect(run.stdout).toBe(example.shown);
    },
  );
});
