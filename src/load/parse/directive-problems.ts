// The directive prologue's errors that `yaml` lets pass, found by a scan of the text (the
// exact parse reports them beside its own).
import type { Position } from '../values/positions.js';
import type { SyntaxProblem } from './syntax-problem.js';

const LINE = /[^\n]*\n?/g;

/**
 * Two errors of the directive prologue that `yaml` lets pass (yaml-test-suite 9MMA, SF5V):
 * directives with no document after them, and a second %YAML directive for one document.
 * Directives stand at the start of the stream or after a `...` line, before `---`.
 */
export function directiveProblems(text: string, pos: (o: number) => Position): SyntaxProblem[] {
  if (!/^%/m.test(text)) return [];
  const problems: SyntaxProblem[] = [];
  let prologue = true;
  let versionAt: number | undefined;
  let directiveAt: number | undefined;
  for (const match of text.matchAll(LINE)) {
    const line = match[0];
    if (line === '') break;
    if (!prologue) {
      if (/^\.\.\.(?:[ \t]|\r?\n|$)/.test(line)) prologue = true;
      continue;
    }
    if (line.startsWith('%')) {
      directiveAt ??= match.index;
      if (/^%YAML[ \t]/.test(line)) {
        if (versionAt !== undefined)
          problems.push({
            pos: pos(match.index),
            code: 'yaml.duplicate_directive',
            message: 'a second %YAML directive for one document',
          });
        versionAt = match.index;
      }
    } else if (!/^[ \t]*(?:#.*)?\r?\n?$/.test(line)) {
      prologue = false;
      versionAt = undefined;
      directiveAt = undefined;
    }
  }
  if (directiveAt !== undefined && prologue) {
    problems.push({
      pos: pos(directiveAt),
      code: 'yaml.missing_document',
      message: 'directives must be followed by a document (a `---` line)',
    });
  }
  return problems;
}
