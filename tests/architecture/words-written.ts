// Where a source text writes words of its own: a call of `.write(...)` (process.stdout, a
// stream), of an output's `.stdout(...)` / `.stderr(...)` or of readline's `.question(...)`
// whose text holds a string or template literal with a letter, built in place. Found in the
// syntax tree, so that a comment does not count and a line break does not hide one. What a
// call of another function makes (a renderer of src/render, given data) is not looked into,
// except printable(), which only escapes what it is given; a local `const` written by name
// is looked into where it is declared.
import ts from 'typescript';

// A stream's write, an output's stdout/stderr, and readline's question (said on the terminal).
const WRITERS = new Set(['write', 'stdout', 'stderr', 'question']);
// A letter, once terminal escapes (`\u001b[2K`) are taken out.
const words = (s: string) => /[A-Za-z]/.test(s.replace(/\u001b\[[0-9;]*[A-Za-z]/g, ''));
const COMPARISONS = new Set([
  ts.SyntaxKind.EqualsEqualsEqualsToken,
  ts.SyntaxKind.ExclamationEqualsEqualsToken,
  ts.SyntaxKind.EqualsEqualsToken,
  ts.SyntaxKind.ExclamationEqualsToken,
]);

/** The line (1-based) and text of each literal with words that reaches a write. */
export function wordsWritten(source: string, fileName = 'file.ts'): { line: number; words: string }[] {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true);
  const consts = new Map<string, ts.Expression>();
  const collect = (node: ts.Node): void => {
    if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.initializer)
      consts.set(node.name.text, node.initializer);
    ts.forEachChild(node, collect);
  };
  collect(file);
  const found: { line: number; words: string }[] = [];
  const seen = new Set<ts.Node>();
  const add = (node: ts.Node, text: string) =>
    found.push({ line: file.getLineAndCharacterOfPosition(node.getStart(file)).line + 1, words: text.trim() });
  // Walks what a write is given; stops at the arguments of a call that is not printable().
  const text = (node: ts.Node): void => {
    if (seen.has(node)) return;
    seen.add(node);
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) {
      if (words(node.text)) add(node, node.text);
      return;
    }
    if (ts.isTemplateHead(node) || ts.isTemplateMiddle(node) || ts.isTemplateTail(node)) {
      if (words(node.text)) add(node, node.text);
      return;
    }
    if (ts.isIdentifier(node)) {
      const init = consts.get(node.text);
      if (init) text(init);
      return;
    }
    if (ts.isCallExpression(node)) {
      text(node.expression);
      const escapes = ts.isIdentifier(node.expression) && node.expression.text === 'printable';
      for (const arg of node.arguments)
        if (escapes || ts.isArrowFunction(arg) || ts.isFunctionExpression(arg)) text(arg);
      return;
    }
    if (ts.isPropertyAccessExpression(node)) return text(node.expression);
    // A test is not text: only the branches of `a ? b : c` can be written.
    if (ts.isBinaryExpression(node) && COMPARISONS.has(node.operatorToken.kind)) return;
    if (ts.isConditionalExpression(node)) return (text(node.whenTrue), text(node.whenFalse));
    ts.forEachChild(node, text);
  };
  const visit = (node: ts.Node): void => {
    if (
      ts.isCallExpression(node) &&
      ts.isPropertyAccessExpression(node.expression) &&
      WRITERS.has(node.expression.name.text)
    )
      for (const arg of node.arguments) text(arg);
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}
