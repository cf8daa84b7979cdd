// Ids as the spec shows them: 26 characters of Crockford base32 (no I, L, O, U). Built
// like a ULID (48-bit millisecond time, then 80 random bits) so that sorting ids sorts
// by creation time; within one millisecond the random part is incremented, so ids made
// by one simulator are strictly increasing (listing order = creation order).
import { randomBytes } from 'node:crypto';

export const ID_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
export const ID_PATTERN = /^[0-9A-HJKMNP-TV-Z]{26}$/;

const TIME_CHARS = 10;
const RANDOM_CHARS = 16;

export interface IdGenerator {
  next(): string;
  /** Makes later ids sort after this one (ids loaded from a state file). */
  observe(id: string): void;
}

export function createIdGenerator(now: () => number): IdGenerator {
  let lastTime = -1;
  let random: number[] = [];

  function next(): string {
    const time = Math.max(Math.floor(now()), lastTime); // a fake clock may give fractions
    if (time === lastTime) increment(random);
    else random = freshRandom();
    lastTime = time;
    return encodeTime(time) + random.map((d) => ID_ALPHABET[d]).join('');
  }

  function observe(id: string): void {
    if (!ID_PATTERN.test(id)) return;
    const time = decodeTime(id.slice(0, TIME_CHARS));
    const digits = [...id.slice(TIME_CHARS)].map((c) => ID_ALPHABET.indexOf(c));
    if (time > lastTime || (time === lastTime && compareDigits(digits, random) > 0)) {
      lastTime = time;
      random = digits;
    }
  }

  return { next, observe };
}

function freshRandom(): number[] {
  // Top bit clear leaves room to increment many times within one millisecond.
  const bytes = randomBytes(RANDOM_CHARS);
  return [...bytes].map((b, i) => (i === 0 ? b & 0x0f : b & 0x1f));
}

function increment(digits: number[]): void {
  for (let i = digits.length - 1; i >= 0; i--) {
    const d = (digits[i] ?? 0) + 1;
    if (d < 32) {
      digits[i] = d;
      return;
    }
    digits[i] = 0;
  }
}

function compareDigits(a: number[], b: number[]): number {
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    const diff = (a[i] ?? -1) - (b[i] ?? -1);
    if (diff !== 0) return diff;
  }
  return 0;
}

function encodeTime(time: number): string {
  let out = '';
  let rest = time;
  for (let i = 0; i < TIME_CHARS; i++) {
    out = ID_ALPHABET[rest % 32] + out;
    rest = Math.floor(rest / 32);
  }
  return out;
}

function decodeTime(chars: string): number {
  let time = 0;
  for (const c of chars) time = time * 32 + ID_ALPHABET.indexOf(c);
  return time;
}
