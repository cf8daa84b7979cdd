import { MonitorsError } from '../../errors.js';
import type { Plan } from '../../plan/types.js';
import { renderPlanJson } from '../../render/plan-json.js';
import { renderPlanMarkdown } from '../../render/plan-markdown.js';
import { renderPlanText } from '../../render/plan-text.js';

export type PlanFormat = 'text' | 'markdown' | 'json';

export function parsePlanFormat(value: string): PlanFormat {
  if (value === 'text' || value === 'markdown' || value === 'json') return value;
  throw new MonitorsError('BAD_OPTION', `--format must be text, markdown or json, not "${value}"`);
}

/** One of the formats a command renders, or BAD_OPTION naming them all. */
export function parseFormat<F extends string>(value: string, formats: readonly F[]): F {
  if ((formats as readonly string[]).includes(value)) return value as F;
  const list = `${formats.slice(0, -1).join(', ')} or ${formats[formats.length - 1]}`;
  throw new MonitorsError('BAD_OPTION', `--format must be ${list}, not "${value}"`);
}

/** Colour only on a terminal, and never when NO_COLOR is set (https://no-color.org). */
export function useColor(stream: NodeJS.WriteStream, env: NodeJS.ProcessEnv): boolean {
  return Boolean(stream.isTTY) && !('NO_COLOR' in env && env.NO_COLOR !== '') && env.TERM !== 'dumb';
}

export function renderPlan(plan: Plan, format: PlanFormat, color: boolean): string {
  switch (format) {
    case 'json':
      return renderPlanJson(plan);
    case 'markdown':
      return renderPlanMarkdown(plan);
    case 'text':
      return renderPlanText(plan, { color });
  }
}
