// The grammar of references in YAML strings, parsed rather than pattern-matched, so that a
// typo is an error at its `${` instead of text sent to the API. In a string, `$${` is the
// literal text `${`; every other `${` opens a reference that must be exactly one of
// `${var.NAME}`, `${each.KEY}` or `${env:NAME}` (NAME: letters, digits and _, not starting
// with a digit) and end at the next `}`. Anything else is `ref.syntax` (unclosed, empty,
// wrong separator, bad name) or `ref.unknown` (a kind that does not exist, such as
// `${vars.domain}`), each with a "did you mean" where one is near. The loader
// (src/load/expand/) reports these; apply's last guard (src/apply/env-templates.ts) refuses them.
import { nearest } from './did-you-mean.js';

export type ReferenceKind = 'var' | 'each' | 'env';

export interface Reference {
  kind: ReferenceKind;
  name: string;
  /** Index of the `$` of `${` in the text. */
  start: number;
  /** Index just past the closing `}`. */
  end: number;
}

export interface ReferenceProblem {
  code: 'ref.syntax' | 'ref.unknown';
  /** Index of the `$` of the offending `${`. */
  start: number;
  /** The reference as written (from `${`, cut short): what the locator points at. */
  text: string;
  message: string;
  /** What is wrong, quoting nothing of the text: for a field that may hold a secret (auth_secret). */
  unquoted: string;
}

/** A piece of a string: literal text (escapes already undone) or one well-formed reference. */
export type Piece = { text: string } | { reference: Reference };

export interface ParsedText {
  pieces: Piece[];
  references: Reference[];
  problems: ReferenceProblem[];
}

const NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
const SEPARATOR: Record<ReferenceKind, '.' | ':'> = { var: '.', each: '.', env: ':' };
const KINDS = Object.keys(SEPARATOR) as ReferenceKind[];
const WRITTEN: Record<ReferenceKind, string> = { var: '${var.NAME}', each: '${each.KEY}', env: '${env:NAME}' };
/** Longest a reference is quoted in a message or used to find it in the file. */
const SHOWN = 60;

/** Whether a string may hold a reference or an escape (the only strings worth parsing). */
export const mayHoldReference = (text: string): boolean => text.indexOf('${') !== -1;

/** Names near the misspelt one, for "did you mean" (vars of the scope, say). */
export interface NameHints {
  vars?: { has(name: string): boolean };
}

export function parseReferences(text: string, hints: NameHints = {}): ParsedText {
  const out: ParsedText = { pieces: [], references: [], problems: [] };
  if (!mayHoldReference(text)) {
    out.pieces.push({ text });
    return out;
  }
  let literal = '';
  let i = 0;
  while (i < text.length) {
    const open = text.indexOf('${', i);
    if (open === -1) {
      literal += text.slice(i);
      break;
    }
    // `$${` is an escape: the text `${`. (`$$${` is a `$` then an escape, reading left to right.)
    if (open > i && text[open - 1] === '$') {
      literal += `${text.slice(i, open - 1)}\${`;
      i = open + 2;
      continue;
    }
    literal += text.slice(i, open);
    const close = text.indexOf('}', open + 2);
    const nested = text.indexOf('${', open + 2);
    if (close === -1 || (nested !== -1 && nested < close)) {
      out.problems.push(unclosed(text, open, nested === -1 ? text.length : nested));
      // Read on from the next `${`, so that one missing brace is one error.
      i = nested === -1 ? text.length : nested;
      continue;
    }
    const body = text.slice(open + 2, close);
    const found = readBody(body, text.slice(open, close + 1), open, hints);
    if ('problem' in found) out.problems.push(found.problem);
    else {
      const reference: Reference = { kind: found.kind, name: found.name, start: open, end: close + 1 };
      if (literal !== '') out.pieces.push({ text: literal });
      literal = '';
      out.pieces.push({ reference });
      out.references.push(reference);
    }
    i = close + 1;
  }
  if (literal !== '' || out.pieces.length === 0) out.pieces.push({ text: literal });
  return out;
}

type Body = { kind: ReferenceKind; name: string } | { problem: ReferenceProblem };

function readBody(body: string, written: string, start: number, hints: NameHints): Body {
  const shown = cut(written);
  const fail = (code: ReferenceProblem['code'], message: string, unquoted: string): Body => ({
    problem: { code, start, text: needle(written), message, unquoted },
  });
  if (body.trim() === '')
    return fail('ref.syntax', `"${shown}" is an empty reference; write ${KIND_LIST}`, 'an empty reference');
  if (body !== body.trim()) {
    const trimmed = readBody(body.trim(), `\${${body.trim()}}`, start, hints);
    if (!('problem' in trimmed))
      return fail(
        'ref.syntax',
        `"${shown}" has spaces inside the braces; write ${spelled(trimmed)}`,
        'spaces inside the braces of a reference',
      );
  }
  const at = body.search(/[.:]/);
  if (at === -1) {
    // `${domain}`: a name without a kind; a declared var of that name is the likely meaning.
    const isVar = hints.vars?.has(body);
    return fail(
      'ref.unknown',
      `"${shown}" names no kind of reference; ${isVar ? `did you mean \${var.${body}}?` : `write ${KIND_LIST}`}`,
      'a reference without its kind (var., each. or env:)',
    );
  }
  const kindText = body.slice(0, at);
  const separator = body[at]!;
  const name = body.slice(at + 1);
  const kind = KINDS.find((k) => k === kindText);
  if (kind === undefined) {
    const near = nearKind(kindText);
    const meant = near ? `\${${near}${SEPARATOR[near]}${NAME.test(name) ? name : 'NAME'}}` : undefined;
    return fail(
      'ref.unknown',
      `"${shown}" is not a reference: there is no kind "${cut(kindText, 20)}"; ${
        meant ? `did you mean ${meant}?` : `write ${KIND_LIST}`
      }`,
      'a reference of an unknown kind (not var., each. or env:)',
    );
  }
  if (separator !== SEPARATOR[kind]) {
    const right = `\${${kind}${SEPARATOR[kind]}${name}}`;
    return fail(
      'ref.syntax',
      `"${shown}" is written with "${separator}"; write ${NAME.test(name) ? right : WRITTEN[kind]}`,
      `a reference with the wrong separator (write ${WRITTEN[kind]})`,
    );
  }
  if (!NAME.test(name)) {
    const what = kind === 'each' ? 'a for_each key' : kind === 'env' ? 'an environment variable name' : 'a var name';
    const lead = /^[A-Za-z_][A-Za-z0-9_]*/.exec(name)?.[0];
    return fail(
      'ref.syntax',
      `"${shown}" is not a valid reference: ${what} uses letters, digits and _ and does not start with a digit${
        lead ? `; did you mean \${${kind}${separator}${lead}}${cut(name.slice(lead.length), 20)}?` : ''
      }`,
      `a reference whose name is not ${what}`,
    );
  }
  return { kind, name };
}

function unclosed(text: string, open: number, until: number): ReferenceProblem {
  const written = needle(text.slice(open, until));
  const shown = cut(written);
  const rest = text.slice(open + 2, until);
  const lead = /^(var|each)\.[A-Za-z_][A-Za-z0-9_]*|^env:[A-Za-z_][A-Za-z0-9_]*/.exec(rest)?.[0];
  const hint = lead ? `; did you mean \${${lead}}${cut(rest.slice(lead.length), 20)}?` : '';
  return {
    code: 'ref.syntax',
    start: open,
    text: written,
    message: `"${shown}" is not closed: a reference ends with }${hint} (write $\${ for a literal \${)`,
    unquoted: 'a reference that is not closed (no } after its ${)',
  };
}

const KIND_LIST = '${var.NAME}, ${each.KEY} or ${env:NAME} (or $${ for a literal ${)';

const spelled = (r: { kind: ReferenceKind; name: string }): string => `\${${r.kind}${SEPARATOR[r.kind]}${r.name}}`;

function nearKind(word: string): ReferenceKind | undefined {
  const lower = word.toLowerCase();
  // `vars`, `Var`, `environment`, `ENV`, `foreach`: the kind they start or end with.
  const direct = KINDS.find((k) => lower === k || lower === `${k}s` || lower.startsWith(k) || lower.endsWith(k));
  if (direct) return direct;
  return nearest(lower, KINDS, { maxEdits: 1 });
}

/** The start of a reference as written, up to the first space: text the locator finds in the file. */
function needle(text: string): string {
  return text.slice(0, SHOWN).replace(/[\s\u0000-\u001f\u007f][\s\S]*$/, '');
}

function cut(text: string, length = SHOWN): string {
  const line = text.replace(/[\u0000-\u001f\u007f]/g, ' ');
  return line.length > length ? `${line.slice(0, length - 1)}…` : line;
}

/** The reference as the grammar spells it (`${var.domain}`). */
export const referenceText = spelled;
