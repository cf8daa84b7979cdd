// Which command the VS Code extension starts `monitors lsp` with (editors/vscode/src/
// server-command.ts): the setting, then the workspace's own CLI, the PATH, a bundle; an
// untrusted folder's programs never.
import { describe, expect, it } from 'vitest';
import {
  namesMonitorsSchema,
  resolveServerCommand,
  type Surroundings,
} from '../../editors/vscode/src/server-command.js';

const around = (files: string[], over: Partial<Surroundings> = {}): Surroundings => ({
  configured: [],
  workspaceFolders: ['/repo'],
  pathVariable: '/usr/local/bin:/usr/bin',
  platform: 'linux',
  trusted: true,
  isFile: (file) => files.includes(file),
  ...over,
});
const ALL = ['/repo/node_modules/.bin/monitors', '/usr/bin/monitors', '/repo/bundle/monitors.mjs'];

describe('the server command of the VS Code extension', () => {
  it('takes the setting first, as written', () => {
    expect(resolveServerCommand(around(ALL, { configured: ['npx', 'monitors', 'lsp', '--stdio'] }))).toEqual({
      command: 'npx',
      args: ['monitors', 'lsp', '--stdio'],
      source: 'setting',
      shell: false,
    });
  });

  it("then the workspace's node_modules/.bin, the PATH, and node with a bundle, in that order", () => {
    expect(resolveServerCommand(around(ALL))).toMatchObject({
      command: '/repo/node_modules/.bin/monitors',
      args: ['lsp', '--stdio'],
      source: 'workspace',
    });
    expect(resolveServerCommand(around(ALL.slice(1)))).toMatchObject({ command: '/usr/bin/monitors', source: 'path' });
    expect(resolveServerCommand(around(ALL.slice(2)))).toEqual({
      command: 'node',
      args: ['/repo/bundle/monitors.mjs', 'lsp', '--stdio'],
      source: 'bundle',
      shell: false,
    });
    expect(resolveServerCommand(around(['/repo/.monitors/monitors.mjs']))).toMatchObject({
      args: ['/repo/.monitors/monitors.mjs', 'lsp', '--stdio'],
    });
    expect(resolveServerCommand(around([]))).toBeUndefined();
  });

  it("never runs an untrusted folder's own programs", () => {
    expect(resolveServerCommand(around(ALL, { trusted: false }))).toMatchObject({ command: '/usr/bin/monitors' });
    expect(resolveServerCommand(around([ALL[0]!, ALL[2]!], { trusted: false }))).toBeUndefined();
  });

  it('runs the .cmd shim through a shell on Windows', () => {
    const win = around(['C:\\repo\\node_modules\\.bin\\monitors.cmd'], {
      platform: 'win32',
      workspaceFolders: ['C:\\repo'],
      pathVariable: 'C:\\Windows;C:\\node',
    });
    expect(resolveServerCommand(win)).toEqual({
      command: 'C:\\repo\\node_modules\\.bin\\monitors.cmd',
      args: ['lsp', '--stdio'],
      source: 'workspace',
      shell: true,
    });
  });

  it('knows a monitors file by the schema its first lines name', () => {
    expect(
      namesMonitorsSchema('# yaml-language-server: $schema=../schema/monitors-file.schema.json\nmonitors: []'),
    ).toBe(true);
    expect(
      namesMonitorsSchema(
        '# yaml-language-server: $schema=https://monitors-as-code.dev/schema/monitors-file.schema.json\n',
      ),
    ).toBe(true);
    expect(namesMonitorsSchema('# yaml-language-server: $schema=kubernetes.json\nkind: Pod\n')).toBe(false);
    expect(namesMonitorsSchema('monitors:\n  - name: a # monitors-file.schema.json\n')).toBe(false);
  });
});
