// Where src/ touches the process as a whole: reads its arguments, sets how it exits, handles
// its events (signals, exit), or reads the clock. Found in the syntax tree (ts.createSourceFile),
// so that a comment or a string naming them does not count and a spacing does not hide one.
import ts from 'typescript';

export const PROCESS_RULES = ['argv', 'exit', 'events', 'clock'] as const;
export type ProcessRule = (typeof PROCESS_RULES)[number];

const EVENT_METHODS = new Set(['on', 'once', 'addListener', 'prependListener', 'prependOnceListener']);
const ASSIGNMENTS = new Set([
  ts.SyntaxKind.EqualsToken,
  ts.SyntaxKind.QuestionQuestionEqualsToken,
  ts.SyntaxKind.BarBarEqualsToken,
  ts.SyntaxKind.AmpersandAmpersandEqualsToken,
]);

/** `object.name` for an identifier object, else undefined. */
function member(node: ts.Node): string | undefined {
  if (!ts.isPropertyAccessExpression(node) || !ts.isIdentifier(node.expression)) return undefined;
  return `${node.expression.text}.${node.name.text}`;
}

/** Each rule a source text breaks, with the line (1-based) of each use. */
export function processUses(source: string, fileName = 'file.ts'): { rule: ProcessRule; line: number }[] {
  if (!/\b(process|Date|performance)\b/.test(source)) return []; // nothing to find: spare the parse
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true);
  const found: { rule: ProcessRule; line: number }[] = [];
  const add = (rule: ProcessRule, node: ts.Node) =>
    found.push({ rule, line: file.getLineAndCharacterOfPosition(node.getStart(file)).line + 1 });
  const visit = (node: ts.Node): void => {
    const name = member(node);
    if (name === 'process.argv') add('argv', node);
    if (name === 'Date.now' || name === 'performance.now' || name === 'process.hrtime') add('clock', node);
    if (ts.isNewExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'Date')
      if ((node.arguments?.length ?? 0) === 0) add('clock', node);
    if (
      ts.isBinaryExpression(node) &&
      ASSIGNMENTS.has(node.operatorToken.kind) &&
      member(node.left) === 'process.exitCode'
    )
      add('exit', node);
    if (ts.isCallExpression(node)) {
      const callee = member(node.expression);
      if (callee === 'process.exit') add('exit', node);
      if (callee?.startsWith('process.') && EVENT_METHODS.has(callee.slice('process.'.length))) add('events', node);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

export interface Allowance {
  /** Folders or files of src/ (`cli/`, `wait/decide.ts`) where the rule's uses may be. */
  allowed: string[];
  /** Within those, the ones where they may not. */
  excluded: string[];
}

/**
 * The page's table of the rules: after `marker`, rows `| what | where |`. The first column
 * names the rule (argv, exitCode, process.on, clock); the second lists the allowed places in
 * backticks, and those after "not" are excluded.
 */
export function allowancesFrom(markdown: string, marker: string): Map<ProcessRule, Allowance> {
  const after = markdown.slice(markdown.indexOf(marker));
  const rows = after.split('\n').filter((line) => line.startsWith('|'));
  const table = new Map<ProcessRule, Allowance>();
  for (const row of rows) {
    const [what = '', where = ''] = row.split('|').slice(1);
    const rule = ruleNamed(what);
    if (!rule) continue;
    const excluded = [...where.matchAll(/not `([^`]+)`/g)].map((m) => m[1]!);
    const allowed = [...where.matchAll(/`([^`]+)`/g)].map((m) => m[1]!).filter((p) => !excluded.includes(p));
    table.set(rule, { allowed, excluded });
  }
  return table;
}

function ruleNamed(what: string): ProcessRule | undefined {
  if (what.includes('process.argv')) return 'argv';
  if (what.includes('process.exitCode')) return 'exit';
  if (what.includes('process.on')) return 'events';
  if (what.includes('clock')) return 'clock';
  return undefined;
}

/** Whether a file of src/ (`wait/decide.ts`) may hold uses of a rule. */
export function mayUse(file: string, allowance: Allowance): boolean {
  const under = (place: string) => (place.endsWith('/') ? file.startsWith(place) : file === place);
  return allowance.allowed.some(under) && !allowance.excluded.some(under);
}
