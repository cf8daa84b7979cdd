// The Markdown of a run for the comment, the job summary or the report file. Pure.
import type { CiOptions } from './options.js';

/** A plan's report: its Markdown under a heading naming the command and the path. */
export function planReport(options: CiOptions, markdown: string): string {
  return `#### monitors ${options.command} \`${options.path}\`\n\n${markdown}`;
}

/**
 * The mark a plan's Markdown carries when the policy refuses it (src/render/plan-policy.ts
 * writes it; CI reads only the CLI's output, so the text is repeated, and a test ties the two).
 */
export const POLICY_REFUSED_MARKER = '<!-- monitors:policy-refused -->';

/** A plan the policy refused (exit 1): its Markdown (with the policy section) is the report, marked failed. */
export function refusedPlanReport(options: CiOptions, code: number, stdout: string): string | undefined {
  if (options.command !== 'plan' || code !== 1 || !stdout.includes(POLICY_REFUSED_MARKER)) return undefined;
  return `#### monitors ${options.command} \`${options.path}\`: refused by policy (exit ${code})\n\n${stdout}`;
}

/** The report of a run that produced no Markdown plan: its output, in a code block. */
export function textReport(
  options: { command: string; path: string },
  code: number,
  output: string,
  ok: boolean,
): string {
  const status = ok ? 'succeeded' : `failed (exit ${code})`;
  const log = output.replace(/^::\w+.*(\n|$)/gm, '').trim(); // annotations already went to the log
  const tail = log.length > 20_000 ? `…\n${log.slice(-20_000)}` : log;
  return `#### monitors ${options.command} \`${options.path}\`: ${status}\n\n\`\`\`\n${tail.replaceAll('```', "'''")}\n\`\`\`\n`;
}

/** The check's part of the report: its Markdown, or its error output when it could not run. */
export function checkReport(
  path: string,
  changeName: string,
  result: { code: number; stdout: string; output: string },
): string {
  if (result.stdout.trim() === '')
    return textReport({ command: 'check --changed', path }, result.code, result.output, false);
  return `#### monitors check \`${path}\`: the monitors this ${changeName} creates or replaces, checked from the runner\n\n${result.stdout}`;
}
