// The regular expressions V8's own backtracking engine provably runs in linear time, with
// the same meaning as RE2's (linear-regex.ts): the common shape of a name pattern,
// `^svc-[0-9]+-[0-9]+ [a-z]+$`, runs there without loading re2js (~40 ms) and 10x faster.
//
// The shape: `^`, then atoms (a character, an escaped punctuation character, \d \D \w \W, a
// bracket set of those and ranges), each with an optional quantifier (? * + {n} {n,} {n,m},
// counts up to RE2's 1000), then an optional `$`. Why it cannot backtrack for long: every
// atom with a variable count is last, or followed by an atom it shares no character with
// that must match at least once. Then giving back one character of the variable run puts a
// character of the run where the next atom must match, which fails at once: each run is
// tried in at most (its length) steps, once, from the one start `^` allows. `.`, \s and
// \b are left out: V8 and RE2 read them differently.

type Ranges = number[]; // [lo, hi, lo, hi, ...], sorted, disjoint
interface Item {
  set: Ranges;
  min: number;
  variable: boolean;
}

const MAX = 0x10ffff;
const DIGIT: Ranges = [0x30, 0x39];
const WORD: Ranges = [0x30, 0x39, 0x41, 0x5a, 0x5f, 0x5f, 0x61, 0x7a];
const PUNCTUATION = new Set('\\^$.|?*+()[]{}/-');
const SPECIAL = new Set('\\^$.|?*+()[]{}');

export function backtrackFree(source: string): boolean {
  const items = parse(source);
  if (items === undefined) return false;
  return items.every(
    (item, i) =>
      !item.variable ||
      i === items.length - 1 ||
      (items[i + 1]!.min >= 1 && !items[i + 1]!.variable && disjoint(item.set, items[i + 1]!.set)),
  );
}

function parse(source: string): Item[] | undefined {
  const chars = Array.from(source);
  if (chars[0] !== '^') return undefined;
  let end = chars.length;
  if (chars[end - 1] === '$' && chars[end - 2] !== '\\') end--;
  const items: Item[] = [];
  let i = 1;
  while (i < end) {
    const atom = readAtom(chars, i, end);
    if (!atom) return undefined;
    const count = readCount(chars, atom.next, end);
    if (!count) return undefined;
    items.push({ set: atom.set, min: count.min, variable: count.variable });
    i = count.next;
  }
  return items;
}

function readAtom(chars: string[], i: number, end: number): { set: Ranges; next: number } | undefined {
  const c = chars[i]!;
  if (c === '\\') {
    const set = escapeSet(chars[i + 1]);
    return set && i + 1 < end ? { set, next: i + 2 } : undefined;
  }
  if (c === '[') return readSet(chars, i, end);
  if (SPECIAL.has(c)) return undefined;
  const code = c.codePointAt(0)!;
  return { set: [code, code], next: i + 1 };
}

function escapeSet(c: string | undefined): Ranges | undefined {
  if (c === 'd') return DIGIT;
  if (c === 'D') return complement(DIGIT);
  if (c === 'w') return WORD;
  if (c === 'W') return complement(WORD);
  if (c !== undefined && PUNCTUATION.has(c)) return [c.codePointAt(0)!, c.codePointAt(0)!];
  return undefined;
}

function readSet(chars: string[], open: number, end: number): { set: Ranges; next: number } | undefined {
  let i = open + 1;
  const negate = chars[i] === '^';
  if (negate) i++;
  const members: number[][] = [];
  const first = i;
  while (i < end && chars[i] !== ']') {
    let lo: Ranges | undefined;
    // A `-` first or last is itself, as in V8 and RE2 alike.
    const dash = chars[i] === '-' && (i === first || chars[i + 1] === ']');
    if (chars[i] === '\\') lo = escapeSet(chars[++i]);
    else if (dash || (!SPECIAL.has(chars[i]!) && chars[i] !== '-'))
      lo = [chars[i]!.codePointAt(0)!, chars[i]!.codePointAt(0)!];
    if (!lo) return undefined;
    i++;
    if (chars[i] === '-' && chars[i + 1] !== ']' && lo.length === 2 && lo[0] === lo[1]) {
      const hi = chars[i + 1];
      if (hi === undefined || SPECIAL.has(hi) || hi === '-') return undefined;
      const top = hi.codePointAt(0)!;
      if (top < lo[0]!) return undefined;
      lo = [lo[0]!, top];
      i += 2;
    }
    members.push(lo);
  }
  if (chars[i] !== ']' || members.length === 0) return undefined;
  const set = union(members);
  return { set: negate ? complement(set) : set, next: i + 1 };
}

function readCount(
  chars: string[],
  i: number,
  end: number,
): { min: number; variable: boolean; next: number } | undefined {
  const c = i < end ? chars[i] : undefined;
  if (c === '?') return { min: 0, variable: true, next: i + 1 };
  if (c === '*') return { min: 0, variable: true, next: i + 1 };
  if (c === '+') return { min: 1, variable: true, next: i + 1 };
  if (c !== '{') return { min: 1, variable: false, next: i };
  const close = chars.indexOf('}', i);
  if (close < 0 || close >= end) return undefined;
  const m = /^(\d{1,4})(,(\d{0,4}))?$/.exec(chars.slice(i + 1, close).join(''));
  if (!m) return undefined;
  const min = Number(m[1]);
  const max = m[2] === undefined ? min : m[3] === '' ? Infinity : Number(m[3]);
  if (min > 1000 || (max !== Infinity && (max > 1000 || max < min))) return undefined;
  return { min, variable: max !== min, next: close + 1 };
}

function union(sets: readonly Ranges[]): Ranges {
  const pairs: [number, number][] = [];
  for (const s of sets) for (let k = 0; k < s.length; k += 2) pairs.push([s[k]!, s[k + 1]!]);
  pairs.sort((a, b) => a[0] - b[0]);
  const out: Ranges = [];
  for (const [lo, hi] of pairs) {
    if (out.length > 0 && lo <= out[out.length - 1]! + 1) out[out.length - 1] = Math.max(out[out.length - 1]!, hi);
    else out.push(lo, hi);
  }
  return out;
}

function complement(set: Ranges): Ranges {
  const out: Ranges = [];
  let from = 0;
  for (let k = 0; k < set.length; k += 2) {
    if (set[k]! > from) out.push(from, set[k]! - 1);
    from = set[k + 1]! + 1;
  }
  if (from <= MAX) out.push(from, MAX);
  return out;
}

function disjoint(a: Ranges, b: Ranges): boolean {
  for (let x = 0; x < a.length; x += 2)
    for (let y = 0; y < b.length; y += 2) if (a[x]! <= b[y + 1]! && b[y]! <= a[x + 1]!) return false;
  return true;
}

/** The pattern as V8's RegExp when it has the shape above (and V8 reads it), else undefined: run it on re2js. */
export function backtrackFreeRegExp(source: string): RegExp | undefined {
  if (!backtrackFree(source)) return undefined;
  try {
    return new RegExp(source, 'u');
  } catch {
    return undefined;
  }
}
