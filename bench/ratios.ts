// Every benchmark prints its own table, and reports each ratio it is judged by here too:
// `npm run bench` (run.ts) gathers them into one compact table at the end, each ratio with
// its target and whether it was met, so that one run can be read at a glance.
import { appendFileSync, readFileSync } from 'node:fs';

export interface Ratio {
  bench: string;
  what: string;
  value: number;
  /** `at most`: met when value <= target; `at least`: met when value >= target. */
  kind: 'at most' | 'at least';
  target: number;
  /** How the value is written (default: `1.23x`). */
  format?: 'ratio' | 'percent' | 'count';
}

export const RATIOS_FILE_ENV = 'BENCH_RATIOS_FILE';

export const isMet = (r: Ratio): boolean => (r.kind === 'at most' ? r.value <= r.target : r.value >= r.target);

export function formatValue(r: Ratio, value: number): string {
  if (r.format === 'percent') return `${(value * 100).toFixed(value < 0.1 ? 2 : 0)}%`;
  if (r.format === 'count') return String(value);
  return `${value.toFixed(2)}x`;
}

/** Records the ratio for run.ts's summary and returns `1.23x (target <= 1.5x): met`. */
export function reportRatio(r: Ratio): string {
  const file = process.env[RATIOS_FILE_ENV];
  if (file) appendFileSync(file, `${JSON.stringify(r)}\n`);
  return `${formatValue(r, r.value)} (target ${r.kind === 'at most' ? '<=' : '>='} ${formatValue(r, r.target)}): ${isMet(r) ? 'met' : 'MISSED'}`;
}

export function readRatios(file: string): Ratio[] {
  let text = '';
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return [];
  }
  return text
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as Ratio);
}
