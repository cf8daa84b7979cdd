// `monitors export`'s arguments, parsed without a process: --out must be a folder (or not
// exist yet), --name / --id select monitors to adopt into the one --file, and a whole
// export refuses --file.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseExportArguments } from '../../../src/cli/arguments/export.js';
import { expectRefused } from './refused.js';

const cwd = mkdtempSync(join(tmpdir(), 'export-args-'));
writeFileSync(join(cwd, 'a-file.yaml'), 'monitors: []\n');
afterAll(() => rmSync(cwd, { recursive: true, force: true }));
const ID = '01HZX3K5Q8RJ2M4N6P7S9T0VWY';

describe('parseExportArguments', () => {
  it('gives the defaults of a whole export, into a folder that need not exist yet', () => {
    expect(parseExportArguments({ out: 'monitors' }, {}, cwd)).toEqual({
      outDir: 'monitors',
      lock: undefined,
      apiUrl: undefined,
      environment: undefined,
      selection: undefined,
      file: undefined,
      force: false,
    });
  });

  it('selects by --name and --id, each once, into --file, for an environment', () => {
    expect(
      parseExportArguments(
        { out: '.', name: ['shop*', 'shop*'], id: [ID], file: 'adopted.yaml', force: true },
        { MONITORS_ENV: 'prod' },
        cwd,
      ),
    ).toEqual({
      outDir: '.',
      lock: undefined,
      apiUrl: undefined,
      environment: { name: 'prod', via: 'MONITORS_ENV' },
      selection: { names: ['shop*'], ids: [ID] },
      file: 'adopted.yaml',
      force: true,
    });
  });

  it('refuses --out that is empty or a file, an empty --lock or --api-url, a bad --id, and --file without a selection', () => {
    expectRefused(() => parseExportArguments({ out: '' }, {}, cwd), 'BAD_OPTION', '--out needs a folder name');
    expectRefused(
      () => parseExportArguments({ out: 'a-file.yaml' }, {}, cwd),
      'BAD_OPTION',
      '--out a-file.yaml is a file, not a folder',
    );
    expectRefused(
      () => parseExportArguments({ out: '.', lock: ' ' }, {}, cwd),
      'BAD_OPTION',
      '--lock needs a file name',
    );
    expectRefused(
      () => parseExportArguments({ out: '.', apiUrl: ' ' }, {}, cwd),
      'BAD_OPTION',
      '--api-url needs a URL (the base URL ending in /api/v1)',
    );
    expectRefused(
      () => parseExportArguments({ out: '.', id: ['nope'] }, {}, cwd),
      'BAD_OPTION',
      /^--id "nope" is not a monitor id/,
    );
    expectRefused(
      () => parseExportArguments({ out: '.', file: 'one.yaml' }, {}, cwd),
      'BAD_OPTION',
      '--file names the one file of --name or --id; a whole export writes a file per group',
    );
    expectRefused(
      () => parseExportArguments({ out: '.', name: ['a'], file: '' }, {}, cwd),
      'BAD_OPTION',
      '--file needs a file name',
    );
  });
});
