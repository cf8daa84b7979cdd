// Turns located problems (paths in a file's value) into diagnostics with line and
// column, using each file's exact parse. Messages that refer to other places ("also
// defined at") get those places' positions appended. A problem of a default is said once
// where the default is written, naming how many monitors take it: one of settings.defaults
// is found in every file whose monitors take it, and their counts are added up here.
import { locationText } from '../model/location-text.js';
import type { Diagnostic } from '../model/monitor.js';
import { affectsLabel } from './expand/instances.js';
import type { LoadedFile } from './load-file.js';
import type { LocatedProblem } from './values/problem.js';

interface Counted {
  diagnostic: Diagnostic;
  affects: number;
  /** undefined: in every environment. */
  environments: Set<string> | undefined;
}

export function locateProblems(
  files: readonly LoadedFile[],
  cross: ReadonlyMap<number, LocatedProblem[]>,
  settingsFile?: LoadedFile,
  checkedEnvironments = 0,
): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  const counted = new Map<string, Counted>();
  files.forEach((file, index) => {
    if (!file.analysis || !file.exact) return;
    for (const problem of [...file.analysis.problems, ...(cross.get(index) ?? [])]) {
      let message = problem.message;
      if (problem.related?.length) {
        const places = problem.related.map((r) => {
          const other = files[r.file];
          // The other place is the same kind of thing as this one: a key where the problem points at a key.
          const pos = other?.exact?.locate(r.path, problem.target);
          return other && pos ? locationText({ file: other.display, ...pos }) : (other?.display ?? '?');
        });
        const more = (problem.relatedCount ?? places.length) - places.length;
        message += ` (also at ${places.join(', ')}${more > 0 ? ` and ${more} more` : ''})`;
      }
      const through = problem.throughVar;
      if (through?.file === 'run') message += ` (var ${through.name} is set by ${through.from ?? '--var'})`;
      else if (through) {
        const holder = through.file === 'this' ? file : settingsFile;
        const pos = holder?.exact?.locate(through.path, 'value');
        if (holder && pos)
          message += ` (var ${through.name} is set at ${locationText({ file: holder.display, ...pos })})`;
      }
      // A value of settings.defaults is wrong where it is written, in the settings file.
      const at = problem.inSettings ? settingsFile : file;
      if (!at?.exact) continue;
      const diagnostic: Diagnostic = {
        file: at.display,
        ...at.exact.locate(problem.path, problem.target, problem.needle),
        severity: problem.severity,
        code: problem.code,
        message,
      };
      if (!isDefault(problem, at === settingsFile)) {
        diagnostics.push(diagnostic);
        continue;
      }
      const key = JSON.stringify([at.display, problem.path, problem.target, problem.severity, problem.code, message]);
      const environments = problem.environments?.length ? new Set(problem.environments) : undefined;
      const known = counted.get(key);
      if (!known) {
        counted.set(key, { diagnostic, affects: problem.affects ?? 0, environments });
        diagnostics.push(diagnostic);
        continue;
      }
      known.affects += problem.affects ?? 0;
      if (!environments) known.environments = undefined;
      else if (known.environments) for (const e of environments) known.environments.add(e);
    }
  });
  for (const { diagnostic, affects, environments } of counted.values())
    if (affects > 0)
      diagnostic.message += ` (${affectsLabel(affects, environments ? [...environments] : [], environments ? checkedEnvironments : 0)})`;
  return diagnostics;
}

/** A value of `defaults:` or settings.defaults: the monitors taking it are counted. */
function isDefault(problem: LocatedProblem, inSettingsFile: boolean): boolean {
  if (problem.affects !== undefined) return true;
  const [first, second] = problem.path;
  return first === 'defaults' || (inSettingsFile && first === 'settings' && second === 'defaults');
}
