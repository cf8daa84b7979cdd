// `monitors discover k8s`'s arguments: the manifests (standard input when none is named and
// it is not a terminal), the --name template, and either --out (write the monitors) or
// --check --against DIR (compare), each with the formats of what it renders.
import { MonitorsError } from '../../errors.js';
import { PLACEHOLDERS, unknownPlaceholders } from '../../discover/names.js';
import { chooseFormat, type FormatOf } from '../../render/formats/registry.js';
import type { DiscoverOptions } from './discover-options.js';

interface Common {
  /** Files and folders, or `-` for standard input. */
  paths: string[];
  nameTemplate: string | undefined;
}

export type DiscoverArguments =
  | (Common & { check: false; out: string | undefined; format: FormatOf<'discovery'> })
  | (Common & { check: true; against: string; format: FormatOf<'coverage'> });

export function parseDiscoverArguments(
  named: string[],
  options: DiscoverOptions,
  stdinIsTerminal: boolean,
): DiscoverArguments {
  // `kubectl get ... -o yaml | monitors discover k8s`: with nothing named, a pipe is read.
  const paths = named.length > 0 || stdinIsTerminal ? named : ['-'];
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
  const common = { paths, nameTemplate: options.name };
  // The format is checked before anything is read, against the subject it will render.
  return options.check
    ? { ...common, check: true, against: options.against!, format: chooseFormat('coverage', options.format) }
    : { ...common, check: false, out: options.out, format: chooseFormat('discovery', options.format) };
}
