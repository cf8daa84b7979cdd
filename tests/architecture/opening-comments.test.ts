// Every file of src/ opens with a comment that says what it is for: the first thing a
// reader sees, and what the architecture page's code map cannot say file by file.
import { readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tsFilesUnder } from './source-files.js';

const root = resolve(import.meta.dirname, '../..');

/**
 * Comments of at least a few words before any code (a shebang may come first; a directive
 * such as `// @ts-nocheck` counts for none).
 */
export function opensWithComment(text: string): boolean {
  const body = text.replace(/^#!.*\n/, '');
  const comment = /^((?:\/\/[^\n]*\n)+|\/\*[\s\S]*?\*\/)/.exec(body)?.[1];
  const words =
    comment
      ?.replace(/@ts-\S+/g, '')
      .replace(/[/*\s]+/g, ' ')
      .trim()
      .split(' ') ?? [];
  return words.length >= 3;
}

describe('every file of src/ opens with a comment', () => {
  it('holds for every file, generated ones included', () => {
    const without = tsFilesUnder(join(root, 'src'), { withDeclarations: true })
      .filter((file) => !opensWithComment(readFileSync(file, 'utf8')))
      .map((file) => relative(root, file));
    expect(without).toEqual([]);
  });

  it('tells a file with an opening comment from one without', () => {
    expect(opensWithComment('// The lock file on disk.\nexport {};\n')).toBe(true);
    expect(opensWithComment('/** The plan, assembled. */\nexport {};\n')).toBe(true);
    expect(opensWithComment('#!/usr/bin/env node\n// The entry of the CLI.\n')).toBe(true);
    expect(opensWithComment('import x from "y";\n// a comment later\n')).toBe(false);
    expect(opensWithComment('//\nexport {};\n')).toBe(false);
    expect(opensWithComment('// @ts-nocheck\nexport {};\n')).toBe(false);
    expect(opensWithComment('// @ts-nocheck\n// Generated: the validators.\n')).toBe(true);
    expect(opensWithComment('// @ts-nocheck\nexport {};\n')).toBe(false);
    expect(opensWithComment('// @ts-nocheck\n// Generated: the validators.\n')).toBe(true);
  });
});
