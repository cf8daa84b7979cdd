// The words of `monitors discover k8s` besides its formats (discover-text.ts): the line saying
// what --out wrote, and the manifests' problems each with what to do. The command decides
// and writes; it builds no sentence.
import type { InputProblem } from '../discover/types.js';
import { printable } from '../model/printable.js';
import { diagnosticLine } from './diagnostics.js';

export interface WrittenView {
  /** What writing --out did: the file changed, or already held these monitors. */
  outcome: 'written' | 'unchanged';
  out: string;
  monitors: number;
  resources: number;
  skips: number;
}

/** `Wrote 3 monitors to FILE (5 resources read, 1 skip).` or `Unchanged: ... in FILE (...)`. */
export function writtenLine(v: WrittenView): string {
  const written = v.outcome === 'written';
  return `${printable(
    `${written ? 'Wrote' : 'Unchanged:'} ${count(v.monitors, 'monitor')} ${written ? 'to' : 'in'} ${v.out} (${count(v.resources, 'resource')} read, ${count(v.skips, 'skip')}).`,
  )}\n`;
}

/** Each problem of the manifests, located, with its hint on the line below. */
export function inputProblemsText(problems: readonly InputProblem[]): string {
  const lines = problems.flatMap((p) => [
    diagnosticLine({
      file: p.at.file,
      line: p.at.line,
      col: p.at.col,
      severity: 'error',
      code: p.code,
      message: p.message,
    }),
    printable(`  ${p.hint}`),
  ]);
  return `${lines.join('\n')}\n`;
}

const count = (n: number, noun: string): string => `${n} ${noun}${n === 1 ? '' : 's'}`;
