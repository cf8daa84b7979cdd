// The SARIF validator published by SARIF's maintainers (Microsoft's Sarif.Multitool, a
// self-contained binary in node_modules): it checks a log against the SARIF 2.1.0 JSON
// schema and its own rules, and GitHub's (rule kinds Sarif and Gh). Returns the problems
// it reports at level error or warning, as `RULE: message id`.
import { execFile } from 'node:child_process';
import { chmodSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const MULTITOOL = fileURLToPath(
  new URL('../../node_modules/@microsoft/sarif-multitool-linux/Sarif.Multitool', import.meta.url),
);

interface ValidationLog {
  runs: {
    results?: { ruleId: string; level?: string; message: { id?: string; text?: string; arguments?: string[] } }[];
  }[];
}

export async function sarifProblems(file: string, outDir: string): Promise<string[]> {
  // npm 11 skips install scripts, which would have made it executable.
  if ((statSync(MULTITOOL).mode & 0o100) === 0) chmodSync(MULTITOOL, 0o755);
  const out = join(outDir, 'validation.sarif');
  await promisify(execFile)(
    MULTITOOL,
    [
      'validate',
      file,
      '--output',
      out,
      '--level',
      'Error;Warning',
      '--rule-kind',
      'Sarif;Gh',
      '--log',
      'ForceOverwrite',
    ],
    // .NET needs neither telemetry nor a writable home for this.
    { env: { ...process.env, DOTNET_CLI_TELEMETRY_OPTOUT: '1' }, timeout: 60_000 },
  );
  const log = JSON.parse(readFileSync(out, 'utf8')) as ValidationLog;
  return (log.runs[0]?.results ?? []).map(
    (r) =>
      `${r.ruleId} (${r.level ?? 'warning'}): ${r.message.id ?? r.message.text ?? ''} ${(r.message.arguments ?? []).join(' ')}`,
  );
}
