// `check --name GLOB`, `plan --target`, `--replace`: shell-style patterns over whole monitor
// names (`*` any text, `/` and `:` included; `?` one character; `[abc]`, `[a-z]`, `[!abc]`
// one of or none of). Case-sensitive, names and patterns compared in Unicode NFC, as names
// are everywhere else.

export function globToRegExp(glob: string): RegExp {
  let source = '';
  const chars = [...glob.normalize('NFC')];
  for (let i = 0; i < chars.length; i++) {
    const c = chars[i]!;
    if (c === '*') source += '[\\s\\S]*';
    else if (c === '?') source += '[\\s\\S]';
    else if (c === '[') {
      const close = chars.indexOf(']', i + 2);
      if (close < 0) {
        source += '\\[';
        continue;
      }
      let body = chars.slice(i + 1, close).join('');
      const negate = body.startsWith('!') || body.startsWith('^');
      if (negate) body = body.slice(1);
      source += `[${negate ? '^' : ''}${body.replace(/[\\\]^]/g, '\\$&')}]`;
      i = close;
    } else source += c.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  }
  return new RegExp(`^${source}$`, 'u');
}

export function matchesAny(name: string, globs: readonly RegExp[]): boolean {
  const nfc = name.normalize('NFC');
  return globs.some((g) => g.test(nfc));
}

/**
 * A pattern of `--target` or `--replace`: the name itself, or a glob. A name that holds
 * glob characters (`api [eu]`) still matches itself, which its glob reading would not.
 */
export function namePattern(pattern: string): (name: string) => boolean {
  const exact = pattern.normalize('NFC');
  const glob = globToRegExp(pattern);
  return (name) => {
    const nfc = name.normalize('NFC');
    return nfc === exact || glob.test(nfc);
  };
}
