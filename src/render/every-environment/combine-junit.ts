// `status|check --env all --format junit`: the JUnit XML of every environment as one
// document, as docs/reports.md describes: one `<testsuites>` holding each environment's
// `<testsuite>` (named `monitors status (staging)` by its run), the counts added up. A run
// that printed no report (it failed before: a missing token) is a suite of one errored case
// saying what it said, so the CI's test view shows that environment too. Pure.
import { xmlAttribute, xmlText } from '../xml-text.js';
import type { EnvironmentRun } from './runs.js';

const SUITE = /<testsuite\b[^>]*>[\s\S]*?<\/testsuite>|<testsuite\b[^>]*\/>/g;
const COUNTS = ['tests', 'failures', 'errors', 'skipped'] as const;

export function renderAllJunit(command: string, runs: readonly EnvironmentRun[]): string {
  const suites: string[] = [];
  for (const run of runs) {
    const own = run.stdout.match(SUITE);
    suites.push(...(own ?? [errorSuite(command, run)]));
  }
  // Each suite is renumbered in order (JUnit's id), and counted into the whole.
  const numbered = suites.map((s, i) => s.replace(/^<testsuite id="\d+"/, `<testsuite id="${i}"`));
  const totals = COUNTS.map((key) => {
    const n = numbered.reduce(
      (sum, s) => sum + Number(new RegExp(`^<testsuite\\b[^>]*\\b${key}="(\\d+)"`).exec(s)?.[1] ?? 0),
      0,
    );
    return `${key}="${n}"`;
  });
  const time = numbered.reduce((sum, s) => sum + Number(/^<testsuite\b[^>]*\btime="([\d.]+)"/.exec(s)?.[1] ?? 0), 0);
  return `<?xml version="1.0" encoding="UTF-8"?>
<testsuites name="monitors ${command}" ${totals.join(' ')} time="${time.toFixed(3)}">
${numbered.map((s) => `  ${s}`).join('\n')}
</testsuites>
`;
}

function errorSuite(command: string, run: EnvironmentRun): string {
  const said = run.output.trim() || `exit ${run.code}`;
  const first = said.split('\n')[0]!;
  return `<testsuite id="0" name="${xmlAttribute(`monitors ${command} (${run.name})`)}" tests="1" failures="0" errors="1" skipped="0" time="0.000">
    <testcase name="${xmlAttribute(run.name)}" classname="${xmlAttribute(`${command}.${run.name}`)}" time="0.000">
      <error type="exit_${run.code}" message="${xmlAttribute(first)}">${xmlText(said)}</error>
    </testcase>
  </testsuite>`;
}
