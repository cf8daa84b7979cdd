// `--var NAME=VALUE` and `--var-file FILE` read into the vars of one run. VALUE is read as a
// YAML value, as it would be written under `vars:` (`600` a number, `[eu-west, us-east]` a
// list, `'"007"'` the text 007); a var file is a YAML (or JSON) mapping of names to such
// values. The files come first, in order, then each --var: the last one set wins.
import jsyaml from 'js-yaml';
import { MonitorsError } from '../../errors.js';
import type { RunVar } from '../../load/expand/run-vars.js';
import type { VarValue } from '../../load/expand/references.js';
import { YAML_CORE_SCHEMA } from '../../load/parse/core-schema.js';

const NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
const NULL = /^(?:~|null|Null|NULL)$/;
const bad = (message: string, hint?: string) => new MonitorsError('BAD_OPTION', message, hint ? { hint } : {});
const SHAPE = 'a var is text, a number, true/false, null or a list of those';

export interface VarFileText {
  file: string;
  text: string;
}

export function parseRunVars(assignments: readonly string[], files: readonly VarFileText[]): Map<string, RunVar> {
  const vars = new Map<string, RunVar>();
  for (const { file, text } of files) {
    const from = `--var-file ${file}`;
    let mapping: unknown;
    try {
      mapping = text.trim() === '' ? {} : jsyaml.load(text, { schema: YAML_CORE_SCHEMA, filename: file });
    } catch (error) {
      throw bad(`${from} is not valid YAML: ${(error as Error).message.split('\n')[0]}`);
    }
    if (mapping === null || typeof mapping !== 'object' || Array.isArray(mapping))
      throw bad(`${from} must hold a mapping of var names to values (domain: pr-123.example.com)`);
    for (const [name, value] of Object.entries(mapping)) set(vars, name, value, from);
  }
  for (const assignment of assignments) {
    const at = assignment.indexOf('=');
    const name = at === -1 ? assignment : assignment.slice(0, at);
    if (at === -1)
      throw bad(
        `--var takes NAME=VALUE, not "${assignment.slice(0, 60)}"`,
        `For example: --var ${name || 'domain'}=pr-123.example.com`,
      );
    set(vars, name, readValue(assignment.slice(at + 1), name), `--var ${name}`);
  }
  return vars;
}

function readValue(text: string, name: string): unknown {
  if (text === '') return '';
  try {
    const value = jsyaml.load(text, { schema: YAML_CORE_SCHEMA });
    // `#1` is a YAML comment, and so nothing: only a written null is null.
    return value === null && !NULL.test(text.trim()) ? text : value;
  } catch {
    throw bad(`--var ${name}: the value is not valid YAML`, `Quote it as YAML text: --var '${name}="..."'`);
  }
}

function set(vars: Map<string, RunVar>, name: string, value: unknown, from: string): void {
  if (!NAME.test(name)) throw bad(`${from}: "${name.slice(0, 40)}" is not a var name (letters, digits and _)`);
  if (!isVarValue(value)) throw bad(`${from}: ${SHAPE}`);
  vars.delete(name); // the last one set wins, and keeps its place in the order given
  vars.set(name, { value, from });
}

function isVarValue(value: unknown): value is VarValue {
  const scalar = (v: unknown) =>
    typeof v === 'string' || typeof v === 'boolean' || (typeof v === 'number' && Number.isFinite(v));
  return value === null || scalar(value) || (Array.isArray(value) && value.every(scalar));
}
