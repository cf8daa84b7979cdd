// The order people read names in (case-insensitive, numbers in numeric order), which plans and
// reports use.
import { compareText } from './compare-text.js';

// Runs of digits compare as numbers; other text compares without case. `api-2` comes before
// `api-10`, and `Shop` next to `shop`, as people read a list of names.
const CHUNKS = /(\d+)|(\D+)/g;

/**
 * Names in the order people read them (a natural sort: case-insensitive, numbers in order),
 * then by code unit so that the order is total and the same on every machine and locale.
 */
export function compareNames(a: string, b: string): number {
  return compareNatural(a, b) || compareText(a, b);
}

function compareNatural(a: string, b: string): number {
  const left = a.match(CHUNKS) ?? [];
  const right = b.match(CHUNKS) ?? [];
  for (let i = 0; i < Math.min(left.length, right.length); i++) {
    const order = compareChunk(left[i]!, right[i]!);
    if (order !== 0) return order;
  }
  return left.length - right.length;
}

function compareChunk(x: string, y: string): number {
  const xDigits = isDigits(x);
  const yDigits = isDigits(y);
  if (xDigits && yDigits) {
    // Leading zeros aside, a longer run is a larger number; no parse, so no precision limit.
    const xs = x.replace(/^0+(?=\d)/, '');
    const ys = y.replace(/^0+(?=\d)/, '');
    return xs.length - ys.length || compareText(xs, ys);
  }
  // Digits before letters, as in code-unit order.
  if (xDigits !== yDigits) return xDigits ? -1 : 1;
  return compareText(x.toLowerCase(), y.toLowerCase());
}

function isDigits(chunk: string): boolean {
  const c = chunk.charCodeAt(0);
  return c >= 48 && c <= 57;
}
