// `monitors discover k8s`: reads the manifests (src/discover/read-inputs.ts), derives the
// monitors (src/discover/), then prints them as YAML or JSON, writes them (--out), or, with
// --check, compares them with the monitors of --against and exits 1 when a routed host and
// path has none. Skips and notes go to stderr; bad input stops the command with each problem
// located and what to do, before anything is written.
import { EXIT_ERROR, EXIT_OK, MonitorsError } from '../../errors.js';
import { discover } from '../../discover/discover.js';
import { unknownPlaceholders, PLACEHOLDERS } from '../../discover/names.js';
import { readInputs } from '../../discover/read-inputs.js';
import { coverageReport, uncoveredMessage } from '../../discover/report.js';
import type { Discovery, InputProblem } from '../../discover/types.js';
import { writeMonitorsFile } from '../../discover/write-output.js';
import type { ExistingMonitor } from '../../discover/coverage.js';
import { printable } from '../../model/printable.js';
import { diagnosticLine } from '../../render/diagnostics.js';
import { skipLines } from '../../render/discover-text.js';
import { chooseFormat, renderAs } from '../../render/formats/registry.js';
import { packageVersion } from '../../version/package-version.js';
import { REPOSITORY_URL } from '../../version/repository.js';
import { pathFromRoot, repositoryRoot } from '../steps/repository-root.js';
import type { DiscoverOptions } from './discover-options.js';

const NO_COLOR = { color: false };

export async function runDiscover(named: string[], options: DiscoverOptions): Promise<number> {
  // `kubectl get ... -o yaml | monitors discover k8s`: with nothing named, a pipe is read.
  const paths = named.length > 0 || process.stdin.isTTY ? named : ['-'];
  checkOptions(paths, options);
  const cwd = process.cwd();
  const inputs = await readInputs(paths, cwd, readStdin);
  const discovery = await discover(inputs, options.name !== undefined ? { nameTemplate: options.name } : {});
  if (discovery.problems.length > 0) stopOnProblems(discovery.problems, options);
  const lines = skipLines(discovery.skipped, discovery.notes);
  if (lines.length > 0) process.stderr.write(`${lines.join('\n')}\n`);
  if (options.check) return runCheck(discovery, options.against!, options.format, cwd);
  const format = chooseFormat('discovery', options.format);
  const output = { discovery, inputs: paths };
  if (options.out === undefined) {
    process.stdout.write(await renderAs(format, 'discovery', output, NO_COLOR));
    return EXIT_OK;
  }
  const yaml = await renderAs('text', 'discovery', output, NO_COLOR);
  const outcome = await writeMonitorsFile(
    options.out,
    yaml,
    cwd,
    inputs.map((i) => i.file),
  );
  if (format === 'json') process.stdout.write(await renderAs(format, 'discovery', output, NO_COLOR));
  else
    process.stdout.write(
      `${printable(
        `${outcome === 'written' ? 'Wrote' : 'Unchanged:'} ${count(discovery.monitors.length, 'monitor')} ${outcome === 'written' ? 'to' : 'in'} ${options.out} (${count(discovery.resources, 'resource')} read, ${count(discovery.skipped.length, 'skip')}).`,
      )}\n`,
    );
  return EXIT_OK;
}

function checkOptions(paths: string[], options: DiscoverOptions): void {
  if (paths.length === 0)
    throw new MonitorsError('BAD_OPTION', 'monitors discover k8s: no manifests named', {
      hint: 'Name manifest files or folders, or - for standard input: helm template my-chart | monitors discover k8s -',
    });
  if (options.check && !options.against)
    throw new MonitorsError('BAD_OPTION', '--check needs --against DIR: the monitors to compare the routes with', {
      hint: 'e.g. monitors discover k8s k8s/ --check --against monitors/',
    });
  if (!options.check && options.against !== undefined)
    throw new MonitorsError('BAD_OPTION', '--against is for --check', { hint: 'Add --check, or leave out --against.' });
  if (options.check && options.out !== undefined)
    throw new MonitorsError('BAD_OPTION', '--check writes nothing; --out is for a run without --check', {
      hint: 'Run the two apart: one with --out to write the monitors, one with --check in CI.',
    });
  if (options.name !== undefined) {
    const unknown = unknownPlaceholders(options.name);
    if (unknown.length > 0 || options.name.trim().length < 2)
      throw new MonitorsError(
        'BAD_OPTION',
        unknown.length > 0 ? `--name: unknown placeholder {${unknown[0]}}` : '--name: the template is empty',
        { hint: `A template may use ${PLACEHOLDERS.map((p) => `{${p}}`).join(', ')}.` },
      );
  }
  // The format is checked before anything is read, against the subject it will render.
  chooseFormat(options.check ? 'coverage' : 'discovery', options.format);
}

function stopOnProblems(problems: readonly InputProblem[], options: DiscoverOptions): never {
  const text = problems.flatMap((p) => [
    diagnosticLine({
      file: p.at.file,
      line: p.at.line,
      col: p.at.col,
      severity: 'error',
      code: p.code,
      message: p.message,
    }),
    printable(`  ${p.hint}`),
  ]);
  process.stderr.write(`${text.join('\n')}\n`);
  throw new MonitorsError(
    'DISCOVER_INPUT',
    `${count(problems.length, 'problem')} in the manifests (listed above)${options.out !== undefined ? `; ${options.out} was not written` : ''}`,
    { hint: 'Fix each at its line and run discover again.' },
  );
}

async function runCheck(discovery: Discovery, against: string, formatName: string, cwd: string): Promise<number> {
  const format = chooseFormat('coverage', formatName);
  const existing = await monitorsOf(against, cwd);
  const report = coverageReport(discovery, existing, against);
  const root = repositoryRoot(cwd);
  const findings = report.uncovered.map((r) => ({
    file: r.at.file,
    line: r.at.line,
    col: r.at.col,
    severity: 'error' as const,
    code: 'discover.uncovered',
    message: uncoveredMessage(r, against),
    path: r.at.file === '-' ? '-' : pathFromRoot(r.at.file, cwd, root),
  }));
  const tool = { version: packageVersion(), informationUri: REPOSITORY_URL };
  process.stdout.write(await renderAs(format, 'coverage', { report, findings, tool }, NO_COLOR));
  return report.uncovered.length === 0 ? EXIT_OK : EXIT_ERROR;
}

/** The http, keyword and json monitors of --against, in every environment it declares. */
async function monitorsOf(against: string, cwd: string): Promise<ExistingMonitor[]> {
  const { loadAllEnvironments } = await import('../../workspace/all-environments.js');
  const { environments, diagnostics } = await loadAllEnvironments({
    paths: [against],
    env: process.env,
    cwd,
    missingVariable: 'warning',
  });
  const errors = diagnostics.filter((d) => d.severity === 'error');
  if (errors.length > 0) {
    process.stderr.write(`${errors.map(diagnosticLine).join('\n')}\n`);
    throw new MonitorsError(
      'CONFIG_INVALID',
      `the monitors in ${against} have ${count(errors.length, 'error')} (listed above)`,
      {
        hint: `Fix them (\`monitors validate ${against}\` checks offline), then run the check again.`,
      },
    );
  }
  return environments.flatMap(({ state }) =>
    state.monitors.map((m) => ({ name: m.name, type: String(m.input.type ?? ''), url: String(m.input.url ?? '') })),
  );
}

function readStdin(): Promise<string> {
  return new Promise((resolveText, reject) => {
    const chunks: Buffer[] = [];
    process.stdin.on('data', (chunk: Buffer) => chunks.push(chunk));
    process.stdin.on('end', () => resolveText(Buffer.concat(chunks).toString('utf8')));
    process.stdin.on('error', reject);
  });
}

const count = (n: number, noun: string): string => `${n} ${noun}${n === 1 ? '' : 's'}`;
