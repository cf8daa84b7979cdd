// `--help` laid out for the terminal's width. Commander wraps a description beside its term
// only when 40 columns are left for it, and otherwise prints it on one long line; on a
// narrow terminal the description goes under its term instead, wrapped to the width.
import { Help } from './commander.js';

const INDENT = '  ';
const UNDER = '      ';
const NARROWEST_BESIDE = 40;

export function formatHelpItem(term: string, termWidth: number, description: string, helper: Help): string {
  const width = helper.helpWidth ?? 80;
  const beside = width - termWidth - 2 - INDENT.length;
  if (!description || beside >= NARROWEST_BESIDE || helper.preformatted(description))
    return Help.prototype.formatItem.call(helper, term, termWidth, description, helper);
  const wrapped = wrap(description, Math.max(20, width - UNDER.length));
  return `${INDENT}${term}\n${wrapped.map((line) => `${UNDER}${line}`).join('\n')}`;
}

/** Words into lines of at most `width` columns (a longer word keeps a line of its own). */
export function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter((w) => w !== '')) {
    if (line !== '' && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else line = line === '' ? word : `${line} ${word}`;
  }
  if (line !== '') lines.push(line);
  return lines;
}
