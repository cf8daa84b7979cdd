// `monitors ci` with environments (settings.environments): which ones to run, each one's
// process environment (its own token variable only), and one report (the pull/merge
// request's comment, the drift issue) with a section and a summary line per environment.
import { MonitorsError } from '../errors.js';

/** A declared environment, as `monitors validate --format json` lists it. */
export interface CiEnvironment {
  name: string;
  tokenEnv: string | undefined;
  lockFile: string | undefined;
}

/** One environment's part of the report. */
export interface Section {
  name: string;
  ok: boolean;
  code: number;
  changes: boolean;
  /** The plan's Markdown, when it planned. */
  markdown?: string;
  /** What the section shows: the plan (and its check), or what went wrong. */
  body: string;
  /** Not run: an earlier environment's apply failed. */
  skipped?: boolean;
  check?: 'ok' | 'failed';
}

const refusal = (message: string, hint?: string) =>
  new MonitorsError('CI_ENVIRONMENTS', message, hint === undefined ? {} : { hint });

/** The environments a set declares, from `monitors validate PATH --format json`. */
export function environmentsFromReport(stdout: string): CiEnvironment[] {
  let report: unknown;
  try {
    report = JSON.parse(stdout);
  } catch {
    throw refusal(
      'could not read the environments: `monitors validate --format json` did not print JSON (see the log above)',
    );
  }
  const list = (report as { environments?: unknown } | null)?.environments;
  if (!Array.isArray(list)) return [];
  return list
    .filter((e): e is Record<string, unknown> => typeof (e as { name?: unknown } | null)?.name === 'string')
    .map((e) => ({
      name: e.name as string,
      tokenEnv: typeof e.token_env === 'string' ? e.token_env : undefined,
      lockFile: typeof e.lock_file === 'string' ? e.lock_file : undefined,
    }));
}

/** `all`, or names separated by spaces or commas; every name must be declared. */
export function selectEnvironments(input: string, declared: CiEnvironment[]): CiEnvironment[] {
  if (declared.length === 0)
    throw refusal(
      'environments are asked for, but the YAML declares no environments (settings.environments)',
      'Declare them (docs/yaml-format.md), or run without environments.',
    );
  if (input.trim() === 'all') return declared;
  const names = input.split(/[\s,]+/).filter(Boolean);
  const known = new Map(declared.map((e) => [e.name, e]));
  const unknown = names.filter((n) => !known.has(n));
  if (unknown.length > 0)
    throw refusal(
      `the environments asked for (--environments, or the environments input) name ${unknown.join(', ')}, which the YAML does not declare (declared: ${declared.map((e) => e.name).join(', ')})`,
    );
  return names.map((n) => known.get(n)!);
}

/**
 * The process environment of one environment's run: the other environments' token
 * variables are left out, so its process never holds another workspace's token, and
 * MONITORS_ENV is left out, since --env names the environment.
 */
export function environmentChildEnv(
  baseEnv: Record<string, string | undefined>,
  environment: CiEnvironment,
  all: CiEnvironment[],
): Record<string, string | undefined> {
  const others = new Set(
    all
      .filter((e) => e.name !== environment.name && e.tokenEnv && e.tokenEnv !== environment.tokenEnv)
      .map((e) => e.tokenEnv),
  );
  return Object.fromEntries(Object.entries(baseEnv).filter(([name]) => !others.has(name) && name !== 'MONITORS_ENV'));
}

/** The summary line of a plan's Markdown (`**Plan: ...**`), or what went wrong. */
export function summaryOf(section: Section): string {
  if (section.skipped) return 'not run (an earlier environment failed)';
  if (!section.ok) return `failed (exit ${section.code})`;
  const first = (section.markdown ?? '').split('\n')[0] ?? '';
  const bold = /^\*\*(.+)\*\*$/.exec(first.trim());
  // The plan's own line names its environment (`Plan for staging: ...`); the list names it already.
  const summary = (bold ? bold[1]! : first.trim() || 'done')
    .replace(/^Plan for \S+(?= \(|:)/, 'Plan')
    .replace(/^(No changes in the targeted monitors) of \S+ /, '$1 ')
    .replace(/^No changes in (?!the targeted )\S+\./, 'No changes.');
  return section.check === 'failed' ? `${summary} Check: a monitor is down, or the check failed.` : summary;
}

/**
 * One report for every environment: a summary line each, then a section each. Each
 * section gets its share of `room` characters, so that a large plan of one environment
 * never pushes another's out of the comment.
 */
export function combinedReport(command: string, path: string, sections: Section[], room = 60_000): string {
  const head = [
    `#### monitors ${command} \`${path}\``,
    '',
    ...sections.map((s) => `- **${s.name}**: ${summaryOf(s)}`),
    '',
  ];
  const share = Math.floor((room - head.join('\n').length) / Math.max(1, sections.length)) - 200;
  const bodies = sections.map((s) => [`##### ${s.name}`, '', fitSection(s.body, share), ''].join('\n'));
  return `${[...head, ...bodies].join('\n').trimEnd()}\n`;
}

/** Cut at a line boundary to at most `room` characters, closing a code fence or <details> left open. */
export function fitSection(text: string, room: number): string {
  if (text.length <= room) return text.trimEnd();
  let cut = text.slice(0, Math.max(0, room));
  const lastLine = cut.lastIndexOf('\n');
  if (lastLine > 0) cut = cut.slice(0, lastLine);
  const closing: string[] = [];
  if ((cut.match(/^```/gm) ?? []).length % 2 === 1) closing.push('```');
  const opened = (cut.match(/<details>/g) ?? []).length - (cut.match(/<\/details>/g) ?? []).length;
  const note = '… (cut to share the comment with the other environments: the full plan is in the job summary and log)';
  closing.push('', note);
  for (let i = 0; i < opened; i += 1) closing.push('', '</details>');
  return `${cut}\n${closing.join('\n')}`;
}
