// Compiled by tsc (the typecheck covers tests/), never run: the types the registry derives
// from its one list. A line marked @ts-expect-error fails the typecheck if it ever compiles.
import { chooseFormat, renderAs, type FormatName, type FormatOf } from '../../../src/render/formats/registry.js';
import { mixedPlan } from '../sample-plans.js';

export const applyFormats: FormatOf<'apply'>[] = ['text', 'json'];
export const names: FormatName[] = ['text', 'markdown', 'json'];

// @ts-expect-error markdown does not render an apply's end, so apply never offers it
export const markdownApply: FormatOf<'apply'> = 'markdown';

// @ts-expect-error a name outside the registry is no format
export const unknown: FormatName = 'yaml';

export function renderApplyAsPlan(): string {
  const format = chooseFormat('apply', 'json');
  // @ts-expect-error the data must be the subject's: a plan is not an apply's end
  return renderAs(format, 'apply', mixedPlan(), { color: false });
}
