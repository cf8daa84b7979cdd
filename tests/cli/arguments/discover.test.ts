// `monitors discover k8s`'s arguments, parsed without a process: standard input when nothing
// is named and it is not a terminal, the --name template, and --out or --check --against.
import { describe, expect, it } from 'vitest';
import { parseDiscoverArguments } from '../../../src/cli/arguments/discover.js';
import { expectRefused } from './refused.js';

describe('parseDiscoverArguments', () => {
  it('reads a pipe when nothing is named, and writes YAML to stdout by default', () => {
    expect(parseDiscoverArguments([], { format: 'text' }, false)).toEqual({
      paths: ['-'],
      nameTemplate: undefined,
      check: false,
      out: undefined,
      format: 'text',
    });
    expect(parseDiscoverArguments(['k8s/'], { format: 'json', out: 'm.yaml', name: '{name}' }, true)).toEqual({
      paths: ['k8s/'],
      nameTemplate: '{name}',
      check: false,
      out: 'm.yaml',
      format: 'json',
    });
  });

  it('takes --check with --against, in the formats of a coverage report', () => {
    expect(parseDiscoverArguments(['k8s/'], { format: 'sarif', check: true, against: 'monitors/' }, true)).toEqual({
      paths: ['k8s/'],
      nameTemplate: undefined,
      check: true,
      against: 'monitors/',
      format: 'sarif',
    });
  });

  it('refuses each bad combination with its message', () => {
    expectRefused(
      () => parseDiscoverArguments([], { format: 'text' }, true),
      'BAD_OPTION',
      'monitors discover k8s: no manifests named',
    );
    expectRefused(
      () => parseDiscoverArguments(['k'], { format: 'text', check: true }, true),
      'BAD_OPTION',
      '--check needs --against DIR: the monitors to compare the routes with',
    );
    expectRefused(
      () => parseDiscoverArguments(['k'], { format: 'text', against: 'm/' }, true),
      'BAD_OPTION',
      '--against is for --check',
    );
    expectRefused(
      () => parseDiscoverArguments(['k'], { format: 'text', check: true, against: 'm/', out: 'x.yaml' }, true),
      'BAD_OPTION',
      '--check writes nothing; --out is for a run without --check',
    );
    expectRefused(
      () => parseDiscoverArguments(['k'], { format: 'text', name: '{pod}' }, true),
      'BAD_OPTION',
      '--name: unknown placeholder {pod}',
    );
    expectRefused(
      () => parseDiscoverArguments(['k'], { format: 'text', name: ' x' }, true),
      'BAD_OPTION',
      '--name: the template is empty',
    );
    // The format is checked against what the run renders: sarif is a coverage format only.
    expectRefused(() => parseDiscoverArguments(['k'], { format: 'sarif' }, true), 'BAD_OPTION', /^--format must be /);
  });
});
