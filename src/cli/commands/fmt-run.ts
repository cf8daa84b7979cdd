// `monitors fmt`: each YAML file found as validate finds them, put in the canonical layout
// (src/fmt/) and written back atomically when it changed; with --check nothing is written.
// A file the loader cannot parse is refused with the loader's own located messages and
// left as it is; the others are still formatted. The schema file the YAML names beside it
// (`monitors init`'s) is rewritten with this version's (src/fmt/schema-refresh.ts). Exit 1 when a file was refused, or, with
// --check, when a file would change.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { EXIT_ERROR, EXIT_OK } from '../../errors.js';
import { localSchemaOf } from '../../fmt/schema-refresh.js';
import { fileSchemaText } from '../../schema/schema-files.js';
import { formatMonitorsYaml } from '../../fmt/format-yaml.js';
import { discoverFiles, type FoundFile } from '../../load/files/discover.js';
import { readMonitorsFile } from '../../load/files/read-file.js';
import { writeFileAtomic } from '../../lock/atomic-write.js';
import type { Diagnostic } from '../../model/monitor.js';
import { diagnosticLine } from '../../render/diagnostics.js';
import { fmtFileLine, fmtSummaryLine, schemaLine } from '../../render/fmt-report.js';
import type { FmtOptions } from '../arguments/fmt-options.js';

export async function runFmt(paths: string[], options: FmtOptions): Promise<number> {
  const cwd = process.cwd();
  const found = await discoverFiles(paths.length > 0 ? paths : ['.'], cwd);
  const problems: Diagnostic[] = found.diagnostics.filter((d) => d.severity === 'error');
  const changed: string[] = [];
  let unchanged = 0;
  const schemas = new Set<string>();
  for (const file of found.files) {
    const outcome = await formatFile(file, options.check === true, cwd, schemas);
    if (outcome === 'changed') changed.push(file.display);
    else if (outcome === 'unchanged') unchanged += 1;
    else if (outcome !== 'foreign') problems.push(...outcome);
  }
  if (problems.length > 0) process.stderr.write(`${problems.map(diagnosticLine).join('\n')}\n`);
  for (const schema of schemas) await refreshSchema(schema, cwd, options.check === true);
  for (const file of changed) process.stdout.write(fmtFileLine(file, options.check === true));
  const refused = new Set(problems.map((p) => p.file)).size;
  process.stdout.write(fmtSummaryLine({ changed: changed.length, unchanged, refused, check: options.check === true }));
  return problems.length > 0 || (options.check && changed.length > 0) ? EXIT_ERROR : EXIT_OK;
}

async function formatFile(
  file: FoundFile,
  check: boolean,
  cwd: string,
  schemas: Set<string>,
): Promise<'changed' | 'unchanged' | 'foreign' | Diagnostic[]> {
  const read = readMonitorsFile(file.abs);
  if (!('text' in read)) return [located(file, read.line ?? 0, read.col ?? 0, read.code, read.message)];
  const schema = localSchemaOf(read.text, file.abs, cwd);
  if (schema !== undefined) schemas.add(schema);
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

/**
 * Writes this version's file schema where the YAML names it, when it differs (src/fmt/schema-refresh.ts).
 * With --check it only says so: the schema helps editors, it is not the monitors, so it never fails the check.
 */
async function refreshSchema(abs: string, cwd: string, check: boolean): Promise<void> {
  const wanted = fileSchemaText();
  const current = await readFile(abs, 'utf8').catch(() => undefined);
  if (current === wanted) return;
  const shown = path.relative(cwd, abs);
  if (check) {
    process.stdout.write(schemaLine({ kind: 'would-write', shown, missing: current === undefined }));
    return;
  }
  const failed = await writeFileAtomic(abs, wanted).then(
    () => undefined,
    (e: NodeJS.ErrnoException) => e.code ?? 'error',
  );
  if (failed !== undefined) {
    process.stdout.write(schemaLine({ kind: 'not-written', shown, code: failed }));
    return;
  }
  process.stdout.write(schemaLine({ kind: 'written', shown, missing: current === undefined }));
}
