// The fast path (js-yaml with a core-mirroring schema) and the exact path (`yaml`) must
// agree on what a file means, and on where each monitor starts; and the fast path must
// never accept a file the exact path refuses.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { emptyKey, flowCollectionKey, gluedComment } from '../../src/load/parse/decline-scans.js';
import { exactParse } from '../../src/load/parse/exact-parse.js';
import {
  blockHeaderAlone,
  blockScalarOverIndented,
  doubleQuotedRunsOverLines,
  fastParse,
  flowRunsOverLines,
  rootIndented,
} from '../../src/load/parse/fast-parse.js';

// Plain scalars whose meaning differs between YAML 1.1, js-yaml's default schema and
// the YAML 1.2 core schema.
const TRICKY = [
  'yes',
  'no',
  'on',
  'off',
  'y',
  'n',
  'Yes',
  'NO',
  'true',
  'True',
  'TRUE',
  'false',
  'tRUE',
  '~',
  'null',
  'Null',
  'NULL',
  'nULL',
  '0o17',
  '0o8',
  '017',
  '0x1F',
  '0x',
  '0b101',
  '1_000',
  '1e3',
  '1E3',
  '1e',
  '.5',
  '5.',
  '-.inf',
  '.Inf',
  '+.INF',
  '.NaN',
  '.nan',
  'NaN',
  '+12',
  '-0',
  '00',
  '12:30',
  '1:2:3',
  '2001-12-14',
  '2001-12-14T21:59:43.10-05:00',
  '1.0',
  '1.50',
  '-1.5e-3',
  '0.',
  '+',
  '-',
  '.',
  '<<',
  '=',
  'a b',
  'https://shop.example.com/x?y=1#z',
  'a#b',
  'é ü',
  '中文',
  '9999999999999999999999',
];

const plainKey = fc.stringMatching(/^[a-z][a-z0-9_]{0,8}$/);

const scalarText = fc.oneof(
  fc.constantFrom(...TRICKY),
  fc.constantFrom(...TRICKY).map((s) => JSON.stringify(s)),
  fc.constantFrom(...TRICKY).map((s) => `'${s.replace(/'/g, "''")}'`),
  fc.string({ maxLength: 12 }).map((s) => JSON.stringify(s)),
  fc.integer().map(String),
  fc.double({ noDefaultInfinity: true, noNaN: true }).map(String),
);

type Tree =
  | { kind: 'scalar'; text: string }
  | { kind: 'map'; entries: [string, Tree][] }
  | { kind: 'seq'; items: Tree[] }
  | { kind: 'block'; style: string; lines: string[] }
  | { kind: 'flow'; text: string };

const tree: fc.Arbitrary<Tree> = fc.letrec<{ node: Tree }>((tie) => ({
  node: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    scalarText.map((text): Tree => ({ kind: 'scalar', text })),
    fc
      .record({
        style: fc.constantFrom('|', '|-', '|+', '>', '>-', '>+'),
        lines: fc.array(fc.constantFrom('Accept: */*', 'line two', '', '  indented', 'a: b # c'), {
          minLength: 1,
          maxLength: 3,
        }),
      })
      .map((b): Tree => ({ kind: 'block', ...b })),
    fc.array(scalarText, { maxLength: 3 }).map((items): Tree => ({ kind: 'flow', text: `[${items.join(', ')}]` })),
    fc
      .array(fc.tuple(plainKey, scalarText), { maxLength: 3 })
      .map((kv): Tree => ({ kind: 'flow', text: `{${kv.map(([k, v]) => `${k}: ${v}`).join(', ')}}` })),
    fc
      .uniqueArray(fc.tuple(plainKey, tie('node')), { minLength: 1, maxLength: 4, selector: ([k]) => k })
      .map((entries): Tree => ({ kind: 'map', entries })),
    fc.array(tie('node'), { minLength: 1, maxLength: 3 }).map((items): Tree => ({ kind: 'seq', items })),
  ),
})).node;

function render(node: Tree, indent: number): string {
  const pad = ' '.repeat(indent);
  switch (node.kind) {
    case 'scalar':
    case 'flow':
      return ` ${node.text}\n`;
    case 'block':
      return ` ${node.style}\n${node.lines.map((l) => (l === '' ? '\n' : `${pad}  ${l}\n`)).join('')}`;
    case 'map':
      return `\n${node.entries.map(([k, v]) => `${pad}${k}:${render(v, indent + 2)}`).join('')}`;
    case 'seq':
      return `\n${node.items.map((v) => `${pad}-${render(v, indent + 2)}`).join('')}`;
  }
}

const comment = fc.constantFrom('', '# a comment\n', '\n', '# yaml-language-server: $schema=x.json\n');

const monitorsFile = fc
  .record({
    head: comment,
    defaults: fc.uniqueArray(fc.tuple(plainKey, tree), { maxLength: 3, selector: ([k]) => k }),
    monitors: fc.array(fc.uniqueArray(fc.tuple(plainKey, tree), { minLength: 1, maxLength: 4, selector: ([k]) => k }), {
      maxLength: 4,
    }),
    between: comment,
    indent: fc.constantFrom(0, 2, 4),
  })
  .map(({ head, defaults, monitors, between, indent }) => {
    const seqPad = ' '.repeat(indent);
    const item = (entries: [string, Tree][]) =>
      entries.map(([k, v], i) => `${i === 0 ? `${seqPad}- ` : `${seqPad}  `}${k}:${render(v, indent + 4)}`).join('');
    const defaultsText =
      defaults.length > 0 ? `defaults:\n${defaults.map(([k, v]) => `  ${k}:${render(v, 4)}`).join('')}` : '';
    return `${head}${defaultsText}monitors:${monitors.length === 0 ? ' []\n' : `\n${between}${monitors.map(item).join('')}`}`;
  });

async function agree(text: string): Promise<void> {
  const fast = fastParse(text);
  const exact = await exactParse(text);
  if (exact.problems.length > 0) {
    expect(fast, `fast path accepted what yaml refuses (${exact.problems[0]?.code}):\n${text}`).toBeUndefined();
    return;
  }
  if (!fast) return; // declined: the exact path decides
  expect(fast.value, text).toEqual(exact.value);
  const value = fast.value as { monitors?: unknown };
  const fastItems = fast.positions.get('monitors')?.items ?? [];
  if (Array.isArray(value?.monitors) && fastItems.length === value.monitors.length) {
    expect(fastItems, text).toEqual(exact.positions.get('monitors')?.items);
  }
}

// AGREE_RUNS=100000 for a long exploration (the suite runs the defaults).
const RUNS = Number(process.env.AGREE_RUNS ?? 0);
const TIMEOUT = Math.max(30_000, RUNS * 4);

describe('fast and exact parsers agree', () => {
  it(
    'on generated monitors files (values and item positions)',
    async () => {
      await fc.assert(fc.asyncProperty(monitorsFile, agree), { numRuns: RUNS || 400 });
    },
    TIMEOUT,
  );

  it(
    'on YAML-ish noise: whenever both accept, same value; the fast path never accepts what yaml refuses',
    async () => {
      const noise = fc
        .array(
          fc.constantFrom(
            'a',
            'b',
            ':',
            ' ',
            '  ',
            '\n',
            '- ',
            '[',
            ']',
            '{',
            '}',
            ',',
            '#',
            '"',
            "'",
            '|',
            '>',
            '?',
            'yes',
            '0o7',
            '1',
            '~',
            '---',
            '...',
            '\t',
            '\r',
          ),
          { maxLength: 30 },
        )
        .map((parts) => parts.join(''));
      await fc.assert(fc.asyncProperty(noise, agree), { numRuns: RUNS || 1500 });
    },
    TIMEOUT,
  );

  it.each(TRICKY)('on the plain scalar %s', async (s) => {
    await agree(`monitors:\n  - name: ${s}\n`);
    await agree(`k: [${s}]\n`);
  });
});

describe('block scalars whose leading blank lines are wider than their first content line', () => {
  it('are declined (an error in YAML 1.2, data to js-yaml: yaml-test-suite S98Z); ordinary block scalars are not', async () => {
    expect(blockScalarOverIndented('empty block scalar: >\n \n  \n   \n # comment\n')).toBe(true);
    expect(blockScalarOverIndented('body: |\n   \n  text\n')).toBe(true);
    expect(blockScalarOverIndented('body: |-\r\n   \r\n  text\r\n')).toBe(true);
    expect(blockScalarOverIndented('headers: |\n  Accept: x\n  X-B: y\nnext: 1\n')).toBe(false);
    expect(blockScalarOverIndented('headers: |\n\n  Accept: x\n')).toBe(false);
    expect(blockScalarOverIndented('headers: |  # comment\n  \n  A: 1\n')).toBe(false);
    expect(blockScalarOverIndented('url: https://x.example.com/a|b\n   \nnext: 1\n')).toBe(false);
    expect(fastParse('body: |\n   \n  text\n')).toBeUndefined();
    expect((await exactParse('body: |\n   \n  text\n')).problems.length).toBeGreaterThan(0);
  });
});

describe('an indented top level', () => {
  it('is declined: js-yaml reads a later, less indented item as another, `yaml` refuses it (found by the noise property)', async () => {
    expect(fastParse('  - \n- ')).toBeUndefined();
    expect((await exactParse('  - \n- ')).problems.length).toBeGreaterThan(0);
    expect(rootIndented('# head\n\n--- # doc\n  monitors: []\n')).toBe(true);
    expect(rootIndented('  # an indented comment\n\nmonitors:\n  - name: a\n')).toBe(false);
    expect(rootIndented('')).toBe(false);
    expect(rootIndented('   \n')).toBe(false);
    expect(fastParse('monitors:\n  - name: a\n')).toBeDefined();
  });
});

describe('the fast path declines in linear time', () => {
  it('flowRunsOverLines is the regex it replaced, on any text', () => {
    const regex = /(?<![^\s[{,:])[[{][^\]}\n]*$/m;
    const text = fc
      .array(fc.constantFrom('[', ']', '{', '}', '\n', '\r', '\u2028', ' ', '\t', '\u00a0', ',', ':', 'a', '#'), {
        maxLength: 16,
      })
      .map((p) => p.join(''));
    fc.assert(
      fc.property(text, (t) => flowRunsOverLines(t) === regex.test(t)),
      { numRuns: 5000 },
    );
  });

  it('blockHeaderAlone is the regex it replaced, on any text', () => {
    const regex = /^[ \t]*[|>]|(?<!\S)[|>][+-]?[1-9]/m;
    const text = fc
      .array(fc.constantFrom('|', '>', '+', '-', '1', '9', '0', ' ', '\t', '\n', '\r', '\u2028', '\u00a0', 'a', ':'), {
        maxLength: 14,
      })
      .map((p) => p.join(''));
    fc.assert(
      fc.property(text, (t) => blockHeaderAlone(t) === regex.test(t)),
      { numRuns: 5000 },
    );
  });

  it('doubleQuotedRunsOverLines is the regex it replaced, on any text', () => {
    const regex = /(?<![^\s[{,:])"(?:[^"\\\n]|\\.)*\\?$/m;
    const text = fc
      .array(
        fc.constantFrom('"', '\\', ' ', '\t', '\n', '\r', '\u2028', '\u2029', '\u00a0', 'a', '[', '{', ',', ':', '#'),
        { maxLength: 14 },
      )
      .map((p) => p.join(''));
    fc.assert(
      fc.property(text, (t) => doubleQuotedRunsOverLines(t) === regex.test(t)),
      { numRuns: 5000 },
    );
  });

  // The scans of decline-scans.ts, each against the regex it replaced, over the characters
  // the regex looks at and every kind of blank a regex's \s takes.
  const scanned = (alphabet: string[]) =>
    fc.array(fc.constantFrom(...alphabet), { maxLength: 14 }).map((p) => p.join(''));
  const BLANKS = [
    ' ',
    '\t',
    '\n',
    '\r',
    '\v',
    '\f',
    '\u00a0',
    '\u1680',
    '\u2000',
    '\u200a',
    '\u2028',
    '\u2029',
    '\u202f',
    '\u205f',
    '\u3000',
    '\ufeff',
    '\u200b',
    '\u0085',
  ];
  it.each([
    ['emptyKey', emptyKey, /(?<![^\s[{,]):(?=[\s,\]}]|$)/, [':', '[', '{', ',', ']', '}', 'a', '-']],
    ['gluedComment', gluedComment, /["'\]}]#/, ['#', '"', "'", ']', '}', '[', '{', 'a']],
    ['flowCollectionKey', flowCollectionKey, /[}\]][ \t]*:(?=\s|$)/, [']', '}', ':', '[', 'a']],
  ] as const)('%s is the regex it replaced, on any text', (_name, scan, regex, characters) => {
    fc.assert(
      fc.property(scanned([...characters, ...BLANKS]), (t) => scan(t) === regex.test(t)),
      { numRuns: 5000 },
    );
  });

  it('a line of 50,000 "[ " is judged at once (the regex took minutes)', () => {
    const started = performance.now();
    expect(fastParse(`monitors:\n  - name: ${'[ '.repeat(50_000)}]\n`)).toBeUndefined();
    expect(performance.now() - started).toBeLessThan(2_000);
  });
});
