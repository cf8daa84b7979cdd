// `monitors show PLAN_FILE`: a saved plan rendered by the renderers of `plan`, so that what
// a reviewer reads is what plan printed when it saved the file. Where and when it was made
// goes to stderr, so stdout stays the plan alone (JSON stays one document).
import { EXIT_OK } from '../../errors.js';
import { savedPlanLine } from '../../render/saved-plan-report.js';
import { renderPlan, useColor } from '../steps/render-plan.js';
import { readSavedPlanFile } from '../steps/saved-plan-file.js';
import type { ShowOptions } from '../arguments/show-options.js';
import { parseShowArguments } from '../arguments/show.js';

export async function runShow(file: string, options: ShowOptions): Promise<number> {
  const { format } = parseShowArguments(options);
  const saved = await readSavedPlanFile(file);
  process.stderr.write(savedPlanLine(file, saved));
  process.stdout.write(await renderPlan(saved.plan, format, useColor(process.stdout, process.env)));
  return EXIT_OK;
}
