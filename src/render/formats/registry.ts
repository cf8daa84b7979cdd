// The one list of output formats. Adding a format is a file in this folder (its name, a line
// for --help and a pure renderer per subject it renders) and one entry in OUTPUT_FORMATS;
// every command whose subject it renders then offers it in --format and --help.
import { MonitorsError } from '../../errors.js';
import { orList } from '../../model/or-list.js';
import { codequality } from './codequality.js';
import { html } from './html.js';
import { json } from './json.js';
import { junit } from './junit.js';
import { markdown } from './markdown.js';
import type { OutputFormat, RenderContext, Subject, Subjects } from './subjects.js';
import { sarif } from './sarif.js';
import { svg } from './svg.js';
import { text } from './text.js';

export const OUTPUT_FORMATS = [text, markdown, json, sarif, codequality, junit, html, svg] as const;

type AnyFormat = (typeof OUTPUT_FORMATS)[number];
export type FormatName = AnyFormat['name'];
/** The names of the formats that render subject S, as a type: `FormatOf<'apply'>` is 'text' | 'json'. */
export type FormatOf<S extends Subject> = Extract<AnyFormat, { renders: { [K in S]: unknown } }>['name'];

// Each name once: a second format of one name would never be chosen.
const BY_NAME: ReadonlyMap<string, OutputFormat> = new Map(OUTPUT_FORMATS.map((f) => [f.name, f]));

/** The formats that render a subject, in the registry's order (the first is the default). */
export function formatsOf(subject: Subject): OutputFormat[] {
  return OUTPUT_FORMATS.filter((f: OutputFormat) => f.renders[subject] !== undefined);
}

/** The format a --format value names, or BAD_OPTION listing the ones the command offers. */
export function chooseFormat<S extends Subject>(subject: S, value: string): FormatOf<S> {
  const offered = formatsOf(subject).map((f) => f.name);
  if (offered.includes(value)) return value as FormatOf<S>;
  throw new MonitorsError(
    'BAD_OPTION',
    `--format must be ${orList(offered)}, not ${JSON.stringify(value.slice(0, 40))}`,
    {
      hint: `Leave out --format for ${offered[0]}; --help says what each format is for.`,
    },
  );
}

/** Renders data of a subject in a format chosen by chooseFormat. */
export async function renderAs<S extends Subject>(
  format: FormatOf<S>,
  subject: S,
  data: Subjects[S],
  context: RenderContext,
): Promise<string> {
  const render = BY_NAME.get(format)?.renders[subject];
  // FormatOf<S> rules this out at compile time; a cast around it would still land here.
  if (!render) throw new Error(`format ${format} does not render ${subject}`);
  return render(data, context);
}

/** The --format line of --help: every format the command offers, each with what it is for. */
export function formatHelp(subject: Subject, note?: string): string {
  const list = orList(formatsOf(subject).map((f) => `${f.name} (${f.description})`));
  return `${list}${note ? `; ${note}` : ''}`;
}
