// `monitors show PLAN_FILE`: a saved plan rendered by the renderers of `plan`, so that what
// a reviewer reads is what plan printed when it saved the file. Where and when it was made
// goes to stderr, so stdout stays the plan alone (JSON stays one document).
import { EXIT_OK } from '../../errors.js';
import { printable } from '../../model/printable.js';
import { renderPlan, useColor } from '../steps/render-plan.js';
import { readSavedPlanFile } from '../steps/saved-plan-file.js';
import type { ShowOptions } from '../arguments/show-options.js';
import { parseShowArguments } from '../arguments/show.js';

export async function runShow(file: string, options: ShowOptions): Promise<number> {
  const { format } = parseShowArguments(options);
  const saved = await readSavedPlanFile(file);
  const where = saved.environment ? `, environment ${saved.environment.name}` : '';
  process.stderr.write(
    `${printable(`Saved plan ${file}: made ${saved.createdAt} by monitors ${saved.toolVersion}${where}, against the lock file ${saved.lockPath}.`)}\n`,
  );
  process.stdout.write(await renderPlan(saved.plan, format, useColor(process.stdout, process.env)));
  return EXIT_OK;
}
