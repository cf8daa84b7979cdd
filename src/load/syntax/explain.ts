// From the parser's errors to the user's mistakes. One mistake often makes several errors
// (a tab, a line indented one space too far), and the parser reports where it got lost, not
// where the mistake is (an unclosed quote is reported where the file ends). So: take the
// first error, guess the mistakes that could cause it (repairs.ts), try each guess's edit on
// the text and keep the one after which the parser finds nothing wrong up to the mistake's
// line (the fewest errors left wins). Report that mistake at its place, keep the edit, and
// go on with the errors that remain: one problem per mistake, in plain words.
import { EditableLines, indentOf, type LineEdit } from './lines.js';
import { plainProblem, plainProblems } from './plain-messages.js';
import { levelsAbove, repairsFor } from './repairs.js';
import type { PlainSyntaxProblem, RawSyntaxError, Repair } from './types.js';

/** The parser, run on edited text: its errors in document order. */
export type ParseErrors = (text: string) => RawSyntaxError[];

/** At most this many mistakes are told apart in one file; the rest wait for the next run. */
const MAX_MISTAKES = 10;
/**
 * Characters the parser may read again while trying repairs (about a second on a slow
 * machine). A file that is too large for one more try keeps the errors found so far, in
 * plain words but without repairs.
 */
export const PARSE_BUDGET = 3_000_000;
const TAB_WIDTHS = [2, 4, 8];
/** A tab in a line's indentation (the parser reports some as such, others as a bad indentation). */
const TABBED = /^ *\t/;

export interface Explained {
  problems: PlainSyntaxProblem[];
  /** The text with every mistake mended, when the repairs mended them all: what the file was meant to say. */
  mended: string | undefined;
}

export function explainSyntaxErrors(text: string, errors: RawSyntaxError[], parse: ParseErrors): Explained {
  const lines = new EditableLines(text);
  let budget = PARSE_BUDGET;
  const tryParse = (edits: readonly LineEdit[]): RawSyntaxError[] | undefined => {
    // Edits change a line by a few characters: the text's length is the cost of a parse.
    if (budget < text.length) return undefined;
    budget -= text.length;
    return sorted(parse(lines.textWith(edits)));
  };
  const problems: PlainSyntaxProblem[] = [];
  const located = (p: PlainSyntaxProblem): PlainSyntaxProblem => ({ ...p, pos: lines.original(p.pos) });
  /** Lines indented with tabs: told once, and what else the parser says about them is their echo. */
  const tabbed = new Set<number>();
  const relevant = (list: RawSyntaxError[]) => list.filter((e) => !tabbed.has(e.line));
  let remaining = relevant(sorted(errors));
  while (remaining.length > 0) {
    const first = remaining[0]!;
    if (problems.length === MAX_MISTAKES) break;
    if (first.code === 'TAB_AS_INDENT' || TABBED.test(lines.line(first.line))) {
      const tabs = [
        ...new Set([first.line, ...remaining.filter((e) => e.code === 'TAB_AS_INDENT').map((e) => e.line)]),
      ];
      problems.push(located(tabProblem(lines, tabs)));
      for (const line of tabs) tabbed.add(line);
      const tries = TAB_WIDTHS.flatMap((width) => [expandTabs(lines, tabs, width), snapTabs(lines, tabs, width)]);
      const results = tries.map((edits) => ({ edits, left: tryParse(edits) }));
      const best = results
        .filter((r): r is { edits: LineEdit[]; left: RawSyntaxError[] } => r.left !== undefined)
        .map((r) => ({ ...r, left: relevant(r.left) }))
        .sort((a, b) => a.left.length - b.left.length)[0];
      // Out of budget: the tab's echoes are still told apart from the other mistakes by their place.
      if (!best) return unmended([...problems, ...plainProblems(remaining).slice(1)]);
      lines.apply(best.edits);
      remaining = best.left;
      continue;
    }
    const found = bestRepair(repairsFor(lines, first), first, (edits) => {
      const left = tryParse(edits);
      return left && relevant(left);
    });
    if (found === 'out of budget') return unmended([...problems, ...plainProblems(remaining)]);
    if (!found) {
      // Nothing explains it: say what the parser says, plainly, and stop there (what
      // follows is likely to be its echo).
      problems.push(located(plainProblem(first)));
      break;
    }
    problems.push(located(found.repair.problem));
    lines.apply(found.repair.edits);
    remaining = found.left;
  }
  return { problems, mended: remaining.length === 0 ? lines.textWith([]) : undefined };
}

const unmended = (problems: PlainSyntaxProblem[]): Explained => ({ problems, mended: undefined });

function sorted(errors: RawSyntaxError[]): RawSyntaxError[] {
  return [...errors].sort((a, b) => a.line - b.line || a.col - b.col);
}

/**
 * The repair the parser agrees with: after it, no error is left up to its last line and the
 * error it was meant for is gone. The fewest errors left wins; ties go to the earlier guess.
 */
function bestRepair(
  repairs: Repair[],
  error: RawSyntaxError,
  parse: (edits: readonly LineEdit[]) => RawSyntaxError[] | undefined,
): { repair: Repair; left: RawSyntaxError[] } | undefined | 'out of budget' {
  let best: { repair: Repair; left: RawSyntaxError[] } | undefined;
  for (const repair of repairs) {
    const left = parse(repair.edits);
    if (!left) return best ?? 'out of budget';
    const same = left.some((e) => e.line === error.line && e.col === error.col && e.code === error.code);
    if (same || left.some((e) => e.line <= repair.lastLine)) continue;
    if (!best || left.length < best.left.length) best = { repair, left };
    if (left.length === 0) break;
  }
  return best;
}

function tabProblem(lines: EditableLines, tabLines: number[]): PlainSyntaxProblem {
  const [first, ...others] = tabLines;
  const line = first!;
  const col = lines.line(line).indexOf('\t') + 1 || 1;
  const shownOthers = others.slice(0, 3).join(', ');
  const more = others.length > 3 ? ` and ${others.length - 3} more` : '';
  const also =
    others.length === 0 ? '' : ` (tabs also indent line${others.length > 1 ? 's' : ''} ${shownOthers}${more})`;
  return {
    pos: { line, col },
    code: 'yaml.tab_as_indent',
    message: `this line is indented with a tab; YAML indents with spaces only: replace the tabs with spaces${also}`,
  };
}

/** The leading white space of each line with its tabs as spaces, to tab stops `width` apart. */
function expandTabs(lines: EditableLines, tabLines: number[], width: number): LineEdit[] {
  return tabLines.map((line) => {
    const lead = /^[ \t]*/.exec(lines.line(line))?.[0] ?? '';
    let col = 0;
    for (const c of lead) col = c === '\t' ? (Math.floor(col / width) + 1) * width : col + 1;
    return { line, col: 1, remove: lead.length, insert: ' '.repeat(col) };
  });
}

/**
 * As expandTabs, then each line moved to the nearest indentation of the lines above it: a
 * tab mixed with spaces rarely lands where the writer's editor showed it.
 */
function snapTabs(lines: EditableLines, tabLines: number[], width: number): LineEdit[] {
  const expanded = new EditableLines(lines.textWith(expandTabs(lines, tabLines, width)));
  return tabLines.map((line) => {
    const indent = indentOf(expanded.line(line));
    const nearest = levelsAbove(expanded, line).sort((a, b) => Math.abs(a.col - indent) - Math.abs(b.col - indent))[0];
    const edit = { line, col: 1, remove: indent, insert: ' '.repeat(nearest?.col ?? indent) };
    expanded.apply([edit]);
    return { ...edit, remove: (/^[ \t]*/.exec(lines.line(line))?.[0] ?? '').length };
  });
}
