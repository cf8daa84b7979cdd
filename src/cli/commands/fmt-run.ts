// `monitors fmt`: each YAML file found as validate finds them, put in the canonical layout
// (src/fmt/) and written back atomically when it changed; with --check nothing is written.
// A file the loader cannot parse is refused with the loader's own located messages and
// left as it is; the others are still formatted. Exit 1 when a file was refused, or, with
// --check, when a file would change.
import { EXIT_ERROR, EXIT_OK } from '../../errors.js';
import { formatMonitorsYaml } from '../../fmt/format-yaml.js';
import { discoverFiles, type FoundFile } from '../../load/files/discover.js';
import { readMonitorsFile } from '../../load/files/read-file.js';
import { writeFileAtomic } from '../../lock/atomic-write.js';
import type { Diagnostic } from '../../model/monitor.js';
import { printable } from '../../model/printable.js';
import { diagnosticLine } from '../../render/diagnostics.js';
import type { FmtOptions } from './fmt-options.js';

export async function runFmt(paths: string[], options: FmtOptions): Promise<number> {
  const cwd = process.cwd();
  const found = await discoverFiles(paths.length > 0 ? paths : ['.'], cwd);
  const problems: Diagnostic[] = found.diagnostics.filter((d) => d.severity === 'error');
  const changed: string[] = [];
  let unchanged = 0;
  for (const file of found.files) {
    const outcome = await formatFile(file, options.check === true);
    if (outcome === 'changed') changed.push(file.display);
    else if (outcome === 'unchanged') unchanged += 1;
    else if (outcome !== 'foreign') problems.push(...outcome);
  }
  if (problems.length > 0) process.stderr.write(`${problems.map(diagnosticLine).join('\n')}\n`);
  for (const file of changed)
    process.stdout.write(`${printable(`${options.check ? 'would reformat' : 'reformatted'} ${file}`)}\n`);
  const refused = new Set(problems.map((p) => p.file)).size;
  process.stdout.write(
    `${[
      `${files(changed.length)} ${options.check ? 'would be reformatted' : 'reformatted'}`,
      `${files(unchanged)} already formatted`,
      ...(refused > 0
        ? [`${files(refused)} left as is (the problems above; \`monitors validate\` says the same)`]
        : []),
    ].join(', ')}.\n`,
  );
  return problems.length > 0 || (options.check && changed.length > 0) ? EXIT_ERROR : EXIT_OK;
}

async function formatFile(
  file: FoundFile,
  check: boolean,
): Promise<'changed' | 'unchanged' | 'foreign' | Diagnostic[]> {
  const read = readMonitorsFile(file.abs);
  if (!('text' in read)) return [located(file, read.line ?? 0, read.col ?? 0, read.code, read.message)];
  const formatted = await formatMonitorsYaml(read.text, { skipForeign: file.searchedFrom !== undefined });
  if (formatted.kind === 'foreign') return 'foreign';
  if (formatted.kind === 'refused')
    return formatted.problems.map((p) => located(file, p.pos.line, p.pos.col, p.code, p.message));
  if (!formatted.changed) return 'unchanged';
  if (!check) await writeFileAtomic(file.abs, formatted.text);
  return 'changed';
}

const located = (file: FoundFile, line: number, col: number, code: string, message: string): Diagnostic => ({
  file: file.display,
  line,
  col,
  severity: 'error',
  code,
  message,
});

const files = (n: number) => `${n} file${n === 1 ? '' : 's'}`;
