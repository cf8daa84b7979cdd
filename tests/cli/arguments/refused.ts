// The one assertion the argument tests share: a parse refused with a stable code and exactly
// the message the user reads.
import { expect } from 'vitest';

export function expectRefused(parse: () => unknown, code: string, message: string | RegExp): void {
  let thrown: unknown;
  try {
    parse();
  } catch (error) {
    thrown = error;
  }
  expect(thrown, 'the parse was not refused').toMatchObject({ code });
  if (typeof message === 'string') expect((thrown as Error).message).toBe(message);
  else expect((thrown as Error).message).toMatch(message);
}
