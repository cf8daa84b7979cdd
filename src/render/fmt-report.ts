// The words of `monitors fmt` (the command decides which files change and writes them; it
// builds no sentence): a line per file that changes, the schema file's note, the summary.
import { printable } from '../model/printable.js';

/** `would reformat FILE` (--check) or `reformatted FILE`. */
export function fmtFileLine(file: string, check: boolean): string {
  return `${printable(`${check ? 'would reformat' : 'reformatted'} ${file}`)}\n`;
}

export interface FmtCounts {
  changed: number;
  unchanged: number;
  /** Files left as they were for their problems (listed on stderr before). */
  refused: number;
  check: boolean;
}

/** `2 files reformatted, 1 file already formatted.` and the files left as they are. */
export function fmtSummaryLine({ changed, unchanged, refused, check }: FmtCounts): string {
  return `${[
    `${files(changed)} ${check ? 'would be reformatted' : 'reformatted'}`,
    `${files(unchanged)} already formatted`,
    ...(refused > 0 ? [`${files(refused)} left as is (the problems above; \`monitors validate\` says the same)`] : []),
  ].join(', ')}.\n`;
}

/** What became of the schema file the YAML names (`shown` as the user sees its path). */
export type SchemaOutcome =
  | { kind: 'would-write'; shown: string; missing: boolean }
  | { kind: 'not-written'; shown: string; code: string }
  | { kind: 'written'; shown: string; missing: boolean };

export function schemaLine(outcome: SchemaOutcome): string {
  const { shown } = outcome;
  switch (outcome.kind) {
    case 'would-write':
      return `${printable(`note: ${shown} is ${outcome.missing ? 'missing' : "another version's schema"}; \`monitors fmt\` writes this version's`)}\n`;
    case 'not-written':
      return `${printable(`note: could not write ${shown} (${outcome.code}); editors keep the schema they had`)}\n`;
    case 'written':
      return `${printable(`${outcome.missing ? 'wrote' : 'refreshed'} ${shown} (the schema of this version of monitors)`)}\n`;
  }
}

const files = (n: number) => `${n} file${n === 1 ? '' : 's'}`;
