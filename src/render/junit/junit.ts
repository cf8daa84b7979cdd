// The JUnit XML that CI systems read as test results (GitLab's `artifacts:reports:junit`,
// Jenkins, GitHub test-report actions): <testsuites> of <testsuite>s of <testcase>s, each
// passed, failed (<failure>) or skipped (<skipped>). The common subset every parser reads
// (the Jenkins/Ant schema): counts on each suite, time in seconds, messages in attributes
// and the detail as text.
import { xmlAttribute, xmlText } from '../xml-text.js';

export type JunitVerdict = { kind: 'passed' } | { kind: 'failure' | 'skipped'; type: string; message: string };

export interface JunitCase {
  name: string;
  classname: string;
  /** Seconds; 0 when nothing was measured. */
  seconds: number;
  verdict: JunitVerdict;
  /** Shown as the case's output (what was found, when). */
  output?: string;
}

export interface JunitSuite {
  name: string;
  cases: readonly JunitCase[];
}

export function renderJunit(name: string, suites: readonly JunitSuite[]): string {
  const all = suites.flatMap((s) => s.cases);
  const lines = ['<?xml version="1.0" encoding="UTF-8"?>', `<testsuites ${counts(name, all)}>`];
  suites.forEach((suite, id) => {
    lines.push(`  <testsuite id="${id}" ${counts(suite.name, suite.cases)}>`);
    for (const c of suite.cases) lines.push(...testcase(c));
    lines.push('  </testsuite>');
  });
  lines.push('</testsuites>');
  return `${lines.join('\n')}\n`;
}

function counts(name: string, cases: readonly JunitCase[]): string {
  const failures = cases.filter((c) => c.verdict.kind === 'failure').length;
  const skipped = cases.filter((c) => c.verdict.kind === 'skipped').length;
  const time = cases.reduce((sum, c) => sum + c.seconds, 0);
  return `name="${xmlAttribute(name)}" tests="${cases.length}" failures="${failures}" errors="0" skipped="${skipped}" time="${seconds(time)}"`;
}

function testcase(c: JunitCase): string[] {
  const open = `    <testcase name="${xmlAttribute(c.name)}" classname="${xmlAttribute(c.classname)}" time="${seconds(c.seconds)}"`;
  const body: string[] = [];
  if (c.verdict.kind !== 'passed') {
    const { kind, type, message } = c.verdict;
    body.push(
      `      <${kind} type="${xmlAttribute(type)}" message="${xmlAttribute(message)}">${xmlText(message)}</${kind}>`,
    );
  }
  if (c.output) body.push(`      <system-out>${xmlText(c.output)}</system-out>`);
  return body.length === 0 ? [`${open}/>`] : [`${open}>`, ...body, '    </testcase>'];
}

/** Seconds with millisecond precision, never in exponent form. */
function seconds(value: number): string {
  return (Math.round(value * 1000) / 1000).toFixed(3);
}
