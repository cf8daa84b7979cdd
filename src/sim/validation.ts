// The simulator validates with the CLI's own code: the schema (spec 2.1) and the server
// rules, so a monitor the CLI accepts is one the simulator accepts and vice versa.
import { schemaProblems, type FieldProblem } from '../schema/check-input.js';
import { ruleProblems } from '../schema/rules.js';

export interface ErrorDetail {
  field: string;
  pointer: string;
  code: string;
  message: string;
}

export function inputProblems(input: unknown, enabledIntervals: readonly number[]): ErrorDetail[] {
  const problems: FieldProblem[] = schemaProblems(input);
  if (typeof input === 'object' && input !== null && !Array.isArray(input)) {
    problems.push(...ruleProblems(input as Record<string, unknown>, { enabledIntervals }));
  }
  return problems.map(({ field, pointer, code, message }) => ({ field, pointer, code, message }));
}

export function describeProblems(details: readonly ErrorDetail[]): string {
  const fields = [...new Set(details.map((d) => d.field || '(body)'))];
  const first = details[0];
  if (details.length === 1 && first) return `${first.field || 'the body'}: ${first.message}`;
  return `${details.length} problems in ${fields.join(', ')}`;
}
