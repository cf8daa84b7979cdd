// The campaign's source of choices: seeded, so a seed and a round number name one history.
// Each round draws from a stream of its own (seed, round), so leaving a round out (when
// shrinking) does not change what the others draw.
import { seededRandom, type Random } from '../../src/sim/prng.js';

export class Rng {
  private readonly next: Random;

  constructor(seed: number) {
    this.next = seededRandom(seed);
  }

  /** A stream of its own for (seed, part): independent of how much other streams drew. */
  static of(seed: number, part: number): Rng {
    return new Rng(mix(seed, part));
  }

  float(): number {
    return this.next();
  }

  /** An integer in min..max, both included. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error('campaign: pick from an empty list');
    return items[Math.floor(this.next() * items.length)]!;
  }

  /** One of the choices, each with its weight. */
  weighted<T>(choices: readonly (readonly [T, number])[]): T {
    const total = choices.reduce((sum, [, w]) => sum + w, 0);
    let at = this.next() * total;
    for (const [value, weight] of choices) {
      at -= weight;
      if (at < 0) return value;
    }
    return choices[choices.length - 1]![0];
  }

  shuffle<T>(items: readonly T[]): T[] {
    const out = [...items];
    for (let i = out.length - 1; i > 0; i--) {
      const j = Math.floor(this.next() * (i + 1));
      [out[i], out[j]] = [out[j]!, out[i]!];
    }
    return out;
  }

  /** Letters and digits, for secret values and names that must not collide. */
  token(length: number): string {
    const alphabet = 'abcdefghijkmnopqrstuvwxyz23456789';
    let out = '';
    for (let i = 0; i < length; i++) out += alphabet[Math.floor(this.next() * alphabet.length)];
    return out;
  }
}

function mix(seed: number, part: number): number {
  let h = Math.imul(seed ^ 0x9e3779b9, 0x85ebca6b) ^ Math.imul(part + 0x632be5ab, 0xc2b2ae35);
  h ^= h >>> 16;
  h = Math.imul(h, 0x7feb352d);
  h ^= h >>> 15;
  return h >>> 0;
}
