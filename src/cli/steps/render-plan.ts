// A plan rendered in the format asked for, in colour only on a terminal.
import type { Plan } from '../../plan/types.js';
import { renderAs, type FormatOf } from '../../render/formats/registry.js';

/** Colour only on a terminal, and never when NO_COLOR is set (https://no-color.org). */
export function useColor(stream: NodeJS.WriteStream, env: NodeJS.ProcessEnv): boolean {
  return Boolean(stream.isTTY) && !('NO_COLOR' in env && env.NO_COLOR !== '') && env.TERM !== 'dumb';
}

/** A plan in one of its formats (apply and destroy show it as text before they write). */
export function renderPlan(plan: Plan, format: FormatOf<'plan'>, color: boolean): Promise<string> {
  return renderAs(format, 'plan', plan, { color });
}
