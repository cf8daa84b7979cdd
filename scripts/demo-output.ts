// The demo's output fits on a screen or two: of a plan it shows the first change in full
// and counts the rest; of an apply's progress, the first few lines and a count.
// Everything else (summaries, notes, warnings, errors) is shown as printed.

const CHANGE = /^[+~-] (?:create|replace|delete) /;
const OUTCOME = /^(?:created|replaced|deleted|failed) /;

export interface Shown {
  /** Change blocks of a plan shown in full. */
  changes: number;
  /** Progress lines of an apply shown. */
  outcomes: number;
}

export function condense(text: string, shown: Shown): string {
  const out: string[] = [];
  let changes = 0;
  let hiddenChanges = 0;
  let inHiddenBlock = false;
  let outcomes = 0;
  let hiddenOutcomes = 0;
  const flush = () => {
    const plural = hiddenChanges === 1 ? '' : 's';
    if (hiddenChanges > 0 && changes === hiddenChanges)
      out.push(`  (${hiddenChanges} change${plural}, as in the plan above)`, '');
    else if (hiddenChanges > 0)
      out.push(`  ... ${hiddenChanges} more change${plural} (\`monitors plan\` prints each in full)`, '');
    if (hiddenOutcomes > 0) out.push(`  ... ${hiddenOutcomes} more`);
    hiddenChanges = 0;
    hiddenOutcomes = 0;
  };
  for (const line of text.split('\n')) {
    if (CHANGE.test(line)) {
      changes += 1;
      inHiddenBlock = changes > shown.changes;
      if (inHiddenBlock) hiddenChanges += 1;
    } else if (inHiddenBlock && line === '') {
      inHiddenBlock = false;
      continue;
    }
    if (inHiddenBlock) continue;
    if (OUTCOME.test(line)) {
      outcomes += 1;
      if (outcomes > shown.outcomes) {
        hiddenOutcomes += 1;
        continue;
      }
    } else {
      flush();
    }
    out.push(line);
  }
  flush();
  return out.join('\n');
}
