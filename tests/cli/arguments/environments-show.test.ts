// The arguments of `monitors environments` and `monitors show`: a format each, that of what
// they render (show renders a plan).
import { describe, expect, it } from 'vitest';
import { parseEnvironmentsArguments } from '../../../src/cli/arguments/environments.js';
import { parseShowArguments } from '../../../src/cli/arguments/show.js';
import { expectRefused } from './refused.js';

describe('the arguments of environments and show', () => {
  it('take the formats of what they render, and refuse any other', () => {
    expect(parseEnvironmentsArguments({ format: 'json' })).toEqual({ format: 'json' });
    expect(parseShowArguments({ format: 'markdown' })).toEqual({ format: 'markdown' });
    expectRefused(() => parseEnvironmentsArguments({ format: 'sarif' }), 'BAD_OPTION', /^--format must be /);
    expectRefused(
      () => parseShowArguments({ format: 'junit' }),
      'BAD_OPTION',
      '--format must be text, markdown or json, not "junit"',
    );
  });
});
