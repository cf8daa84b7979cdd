// fmt keeps comments where people write them: a comment heading a list item stays at the
// item's `-` column (not folded into the item above), aligned comments after values keep
// their spaces, and the starter of `monitors init` is already in fmt's layout.
import { describe, expect, it } from 'vitest';
import { keepCommentGaps } from '../../src/fmt/comment-places.js';
import { formatMonitorsYaml } from '../../src/fmt/format-yaml.js';
import { starterFiles } from '../../src/init/starter.js';

const fmt = async (text: string): Promise<string> => {
  const out = await formatMonitorsYaml(text, { skipForeign: false });
  if (out.kind !== 'formatted') throw new Error(`not formatted: ${JSON.stringify(out)}`);
  return out.text;
};

describe('comments in fmt', () => {
  it('keeps a comment that heads a list item at the item, and the comment that ends the item above under it', async () => {
    const text = [
      'monitors:',
      '  - name: a',
      '    url: https://a.example.com/',
      '    headers:',
      '      X-Probe: yes',
      '    # still about a',
      '',
      '  # b: the shop',
      '  # (two lines)',
      '  - name: b',
      '    url: https://b.example.com/',
      '  # c, with no blank line above',
      '  - name: c',
      '    url: https://c.example.com/',
      '',
    ].join('\n');
    expect(await fmt(text)).toBe(text);
  });

  it('keeps the spaces before aligned comments, and respaces nothing it did not have to', async () => {
    const text = [
      'defaults:',
      '  type: http                # the check',
      '  interval_seconds: 300     # how often',
      '',
      'monitors:',
      '  - name: a # one space',
      '    url: https://a.example.com/',
      '',
    ].join('\n');
    expect(await fmt(text)).toBe(text);
  });

  it('moves a comment with its key when fmt reorders keys, keeping its spacing', async () => {
    const text = ['monitors:', '  - url: https://a.example.com/   # the home page', '    name: a', ''].join('\n');
    expect(await fmt(text)).toBe(
      ['monitors:', '  - name: a', '    url: https://a.example.com/   # the home page', ''].join('\n'),
    );
  });

  it('never takes a # inside quotes or a value for a comment', () => {
    const original = 'a: "x  # y"   # z\nb: c#d\n';
    expect(keepCommentGaps(original, 'a: "x  # y" # z\nb: c#d\n')).toBe('a: "x  # y" # z\nb: c#d\n');
  });

  it('leaves the starter of monitors init as it is', async () => {
    for (const file of starterFiles(undefined).filter((f) => f.path.endsWith('.yaml')))
      expect(await fmt(file.text), file.path).toBe(file.text);
  });
});
