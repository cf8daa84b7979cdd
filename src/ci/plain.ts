// Any CI but GitHub Actions and GitLab CI (or none): the runs and their log as everywhere,
// the report in files (report-files.ts), and no comment or issue: it says so. Drift found
// fails the job with exit 2, since no issue can hold it.
import type { CiOptions } from './options.js';
import type { CiProvider } from './provider.js';
import { reportFiles } from './report-files.js';

export function plainProvider(_env: NodeJS.ProcessEnv, options: CiOptions): CiProvider {
  const files = reportFiles(options.reportDir);
  const print = (line: string) => void process.stdout.write(`${line}\n`);
  return {
    name: 'plain',
    changeName: 'change',
    error: (message) => void process.stderr.write(`error: ${message}\n`),
    warning: (message) => void process.stderr.write(`warning: ${message}\n`),
    info: print,
    group: (title) => print(`==> ${title}`),
    endGroup: () => undefined,
    secretNames: [],
    lockBranchEnv: () => ({}),
    writeReport(markdown, counts) {
      files.writeReport(markdown, counts);
      print(`monitors: the report is in ${files.reportPath}.`);
    },
    writeOutputs: (outputs) => files.writeOutputs(outputs),
    // No CI reads them here; the Markdown report and outputs.env are its whole interface.
    machineReports: [],
    writeMachineReport: () => undefined,
    async publishPlan() {
      print(`monitors: not GitHub Actions or GitLab CI, so no comment was posted; the plan is in ${files.reportPath}.`);
      return true;
    },
    async trackDrift(drift) {
      if (!drift.drift) return (print(`monitors: no drift: the live monitors match ${drift.path}.`), 0);
      process.stderr.write(
        `error: the live monitors drift from ${drift.path}. Not GitHub Actions or GitLab CI, so no issue holds it: the plan is in ${files.reportPath} (exit 2).\n`,
      );
      return 2;
    },
  };
}
