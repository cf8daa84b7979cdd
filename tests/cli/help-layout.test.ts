// --help at the terminal's width: a description beside its term while 40 columns are left
// for it, under its term on a narrow terminal, never a line wider than the terminal.
import { describe, expect, it } from 'vitest';
import { Command } from '../../src/cli/commander.js';
import { formatHelpItem, wrap } from '../../src/cli/help-layout.js';

function helpAt(width: number): string {
  const command = new Command('demo')
    .configureHelp({ helpWidth: width, formatItem: formatHelpItem })
    .option(
      '--lock-branch <branch>',
      'read the lock file from this git branch and push it back there after the apply (e.g. monitors-state)',
    )
    .option('-y, --yes', 'do not ask');
  return command.helpInformation();
}

describe('help layout', () => {
  it('wraps every line within a narrow terminal, the description under its term', () => {
    const help = helpAt(50);
    for (const line of help.split('\n')) expect(line.length, line).toBeLessThanOrEqual(50);
    expect(help).toContain('  --lock-branch <branch>\n      read the lock file');
  });

  it('keeps the description beside its term on a wide terminal', () => {
    const help = helpAt(120);
    expect(help).toMatch(/ {2}--lock-branch <branch> +read the lock file from this git branch/);
    for (const line of help.split('\n')) expect(line.length).toBeLessThanOrEqual(120);
  });

  it('wrap: words into lines of at most the width', () => {
    expect(wrap('aa bb cc dd', 5)).toEqual(['aa bb', 'cc dd']);
    expect(wrap('averylongword x', 4)).toEqual(['averylongword', 'x']);
  });
});
