// `monitors discover k8s`: reads the manifests (src/discover/read-inputs.ts), derives the
// monitors (src/discover/), then prints them as YAML or JSON, writes them (--out), or, with
// --check, compares them with the monitors of --against and exits 1 when a routed host and
// path has none. Skips and notes go to stderr; bad input stops the command with each problem
// located and what to do, before anything is written.
import { EXIT_ERROR, EXIT_OK, MonitorsError } from '../../errors.js';
import { discover } from '../../discover/discover.js';
import { readInputs } from '../../discover/read-inputs.js';
import { coverageReport, uncoveredMessage } from '../../discover/report.js';
import type { Discovery, InputProblem } from '../../discover/types.js';
import { writeMonitorsFile } from '../../discover/write-output.js';
import type { ExistingMonitor } from '../../discover/coverage.js';
import { diagnosticLine } from '../../render/diagnostics.js';
import { inputProblemsText, writtenLine } from '../../render/discover-report.js';
import { skipLines } from '../../render/discover-text.js';
import { renderAs, type FormatOf } from '../../render/formats/registry.js';
import { packageVersion } from '../../version/package-version.js';
import { REPOSITORY_URL } from '../../version/repository.js';
import { pathFromRoot, repositoryRoot } from '../steps/repository-root.js';
import type { DiscoverOptions } from '../arguments/discover-options.js';
import { parseDiscoverArguments } from '../arguments/discover.js';

const NO_COLOR = { color: false };

export async function runDiscover(named: string[], options: DiscoverOptions): Promise<number> {
  const args = parseDiscoverArguments(named, options, process.stdin.isTTY === true);
  const { paths } = args;
  const cwd = process.cwd();
  const inputs = await readInputs(paths, cwd, readStdin);
  const discovery = await discover(inputs, args.nameTemplate !== undefined ? { nameTemplate: args.nameTemplate } : {});
  if (discovery.problems.length > 0) stopOnProblems(discovery.problems, options);
  const lines = skipLines(discovery.skipped, discovery.notes);
  if (lines.length > 0) process.stderr.write(`${lines.join('\n')}\n`);
  if (args.check) return runCheck(discovery, args.against, args.format, cwd);
  const { format, out } = args;
  const output = { discovery, inputs: paths };
  if (out === undefined) {
    process.stdout.write(await renderAs(format, 'discovery', output, NO_COLOR));
    return EXIT_OK;
  }
  const yaml = await renderAs('text', 'discovery', output, NO_COLOR);
  const outcome = await writeMonitorsFile(
    out,
    yaml,
    cwd,
    inputs.map((i) => i.file),
  );
  if (format === 'json') process.stdout.write(await renderAs(format, 'discovery', output, NO_COLOR));
  else
    process.stdout.write(
      writtenLine({
        outcome,
        out,
        monitors: discovery.monitors.length,
        resources: discovery.resources,
        skips: discovery.skipped.length,
      }),
    );
  return EXIT_OK;
}

function stopOnProblems(problems: readonly InputProblem[], options: DiscoverOptions): never {
  process.stderr.write(inputProblemsText(problems));
  throw new MonitorsError(
    'DISCOVER_INPUT',
    `${count(problems.length, 'problem')} in the manifests (listed above)${options.out !== undefined ? `; ${options.out} was not written` : ''}`,
    { hint: 'Fix each at its line and run discover again.' },
  );
}

async function runCheck(
  discovery: Discovery,
  against: string,
  format: FormatOf<'coverage'>,
  cwd: string,
): Promise<number> {
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
