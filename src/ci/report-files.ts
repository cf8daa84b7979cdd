// Where a CI without a job summary (GitLab, any other) gets the run's results: files in one
// folder, to keep as the job's artifacts.
//   report.md         the Markdown report (the plan, its check, or the output of a failed run)
//   plan-report.json  a plan's counts, {"create": n, "update": n, "delete": n}: the format of
//                     GitLab's `artifacts:reports:terraform`, whose merge request widget shows them
//   outputs.env       changes, exit code, lock files (and the drift issue) as KEY=value lines
//                     (`artifacts:reports:dotenv`)
//   monitors.sarif, gl-code-quality-report.json, check-junit*.xml: machine-reports.ts
import { appendFileSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CiOutputs, PlanCounts } from './provider.js';

export interface ReportFiles {
  readonly reportPath: string;
  writeReport(markdown: string, counts?: PlanCounts): void;
  writeOutputs(outputs: CiOutputs): void;
  /** One more KEY=value line in outputs.env. */
  addOutput(name: string, value: string): void;
  /** A file of its own in the folder (a SARIF, Code Quality or JUnit report); returns its path. */
  writeFile(name: string, content: string): string;
}

export function reportFiles(dir: string): ReportFiles {
  const reportPath = join(dir, 'report.md');
  return {
    reportPath,
    writeReport(markdown, counts) {
      mkdirSync(dir, { recursive: true });
      writeFileSync(reportPath, markdown);
      const countsPath = join(dir, 'plan-report.json');
      if (counts)
        writeFileSync(
          countsPath,
          `${JSON.stringify({ create: counts.create, update: counts.replace, delete: counts.delete })}\n`,
        );
      else rmSync(countsPath, { force: true }); // never the counts of an earlier run
    },
    writeOutputs(outputs) {
      mkdirSync(dir, { recursive: true });
      const lines = [`MONITORS_CHANGES=${outputs.changes}`, `MONITORS_EXIT_CODE=${outputs.exitCode}`];
      if (outputs.lockFiles) lines.push(`MONITORS_LOCK_FILES=${outputs.lockFiles.join(' ')}`);
      writeFileSync(join(dir, 'outputs.env'), `${lines.join('\n')}\n`);
    },
    addOutput(name, value) {
      appendFileSync(join(dir, 'outputs.env'), `${name}=${value}\n`);
    },
    writeFile(name, content) {
      mkdirSync(dir, { recursive: true });
      const path = join(dir, name);
      writeFileSync(path, content);
      return path;
    },
  };
}
