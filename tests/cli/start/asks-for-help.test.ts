// A run of validate's script that only prints the help writes no code cache
// (src/cli/start/command-script.ts): it is told apart by its arguments alone.
import { describe, expect, it } from 'vitest';
import { asksForHelp } from '../../../src/cli/start/command-script.js';

describe('a run that asks for help', () => {
  it('is told apart by --help or -h before any --', () => {
    expect(asksForHelp(['validate', '--help'])).toBe(true);
    expect(asksForHelp(['validate', '-h', 'monitors'])).toBe(true);
    expect(asksForHelp(['validate', 'monitors'])).toBe(false);
    expect(asksForHelp(['validate', '--', '--help'])).toBe(false);
    expect(asksForHelp(['validate', '--helpful'])).toBe(false);
  });
});
