// Turns located problems (paths in a file's value) into diagnostics with line and
// column, using each file's exact parse. Messages that refer to other places ("also
// defined at") get those places' positions appended.
import type { Diagnostic } from '../model/monitor.js';
import type { LoadedFile } from './load-file.js';
import type { LocatedProblem } from './problem.js';

export function locateProblems(
  files: readonly LoadedFile[],
  cross: ReadonlyMap<number, LocatedProblem[]>,
  settingsFile?: LoadedFile,
): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  files.forEach((file, index) => {
    if (!file.analysis || !file.exact) return;
    for (const problem of [...file.analysis.problems, ...(cross.get(index) ?? [])]) {
      let message = problem.message;
      if (problem.related?.length) {
        const places = problem.related.map((r) => {
          const other = files[r.file];
          // The other place is the same kind of thing as this one: a key where the problem points at a key.
          const pos = other?.exact?.locate(r.path, problem.target);
          return pos ? `${other?.display}:${pos.line}:${pos.col}` : (other?.display ?? '?');
        });
        const more = (problem.relatedCount ?? places.length) - places.length;
        message += ` (also at ${places.join(', ')}${more > 0 ? ` and ${more} more` : ''})`;
      }
      const through = problem.throughVar;
      if (through?.file === 'run') message += ` (var ${through.name} is set by ${through.from ?? '--var'})`;
      else if (through) {
        const holder = through.file === 'this' ? file : settingsFile;
        const pos = holder?.exact?.locate(through.path, 'value');
        if (holder && pos) message += ` (var ${through.name} is set at ${holder.display}:${pos.line}:${pos.col})`;
      }
      // A value of settings.defaults is wrong where it is written, in the settings file.
      const at = problem.inSettings ? settingsFile : file;
      if (!at?.exact) continue;
      diagnostics.push({
        file: at.display,
        ...at.exact.locate(problem.path, problem.target, problem.needle),
        severity: problem.severity,
        code: problem.code,
        message,
      });
    }
  });
  return diagnostics;
}
