// Reading a saved plan (`plan --out FILE`) from disk: one refusal for a file that cannot be
// read, and the format's own checks (src/plan/saved-plan.ts) for one that is not a plan.
import { readFile } from 'node:fs/promises';
import { MonitorsError } from '../../errors.js';
import { parseSavedPlan, type SavedPlan } from '../../plan/saved-plan.js';

export async function readSavedPlanFile(file: string): Promise<SavedPlan> {
  const text = await readFile(file, 'utf8').catch((error: NodeJS.ErrnoException) => {
    throw new MonitorsError(
      'PLAN_FILE_UNREADABLE',
      `cannot read the saved plan ${file}: ${error.code ?? error.message}`,
      {
        hint: 'Give the file `monitors plan --out FILE` wrote.',
      },
    );
  });
  return parseSavedPlan(text);
}
