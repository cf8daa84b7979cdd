// Which command starts `monitors lsp`, decided from the settings and what the machine has.
// Pure (the file checks come in as a function), so that the order is tested without VS Code.
import path from 'node:path';

export interface ServerCommand {
  command: string;
  args: string[];
  /** Where it came from, for the output channel and the error message. */
  source: 'setting' | 'workspace' | 'path' | 'bundle';
  /** Windows runs a .cmd shim only through a shell. */
  shell: boolean;
}

export interface Surroundings {
  /** `monitors.server.command`: the program, then its arguments; empty when unset. */
  configured: readonly string[];
  /** Absolute paths of the workspace folders, in order. */
  workspaceFolders: readonly string[];
  /** The PATH variable of the editor's process. */
  pathVariable: string;
  platform: NodeJS.Platform;
  /** VS Code's workspace trust: an untrusted folder's own programs never run. */
  trusted: boolean;
  isFile(file: string): boolean;
}

export const SERVER_ARGS = ['lsp', '--stdio'] as const;
/** The bundle of a monitors checkout (bundle/), or the one GitLab jobs commit (.monitors/, see docs/ci.md). */
export const BUNDLE_ENTRIES = ['bundle/monitors.mjs', '.monitors/monitors.mjs'] as const;

const windows = (platform: NodeJS.Platform) => platform === 'win32';
const binaryNames = (platform: NodeJS.Platform) =>
  windows(platform) ? ['monitors.cmd', 'monitors.exe', 'monitors'] : ['monitors'];
const pathOf = (platform: NodeJS.Platform) => (windows(platform) ? path.win32 : path.posix);
const needsShell = (file: string) => /\.(cmd|bat)$/i.test(file);

/**
 * The first that exists of: the command the user set; the workspace's own
 * node_modules/.bin/monitors (the version the repository pins); `monitors` on the PATH;
 * `node` running a bundle in the workspace. Undefined when there is none.
 */
export function resolveServerCommand(s: Surroundings): ServerCommand | undefined {
  const [program, ...rest] = s.configured;
  if (program !== undefined && program.trim() !== '') {
    return { command: program, args: rest, source: 'setting', shell: needsShell(program) };
  }
  const p = pathOf(s.platform);
  const folders = s.trusted ? s.workspaceFolders : [];
  for (const folder of folders) {
    for (const name of binaryNames(s.platform)) {
      const file = p.join(folder, 'node_modules', '.bin', name);
      if (s.isFile(file))
        return { command: file, args: [...SERVER_ARGS], source: 'workspace', shell: needsShell(file) };
    }
  }
  const dirs = s.pathVariable.split(windows(s.platform) ? ';' : ':').filter((d) => d !== '');
  for (const dir of dirs) {
    for (const name of binaryNames(s.platform)) {
      const file = p.join(dir, name);
      if (s.isFile(file)) return { command: file, args: [...SERVER_ARGS], source: 'path', shell: needsShell(file) };
    }
  }
  for (const folder of folders) {
    for (const entry of BUNDLE_ENTRIES) {
      const file = p.join(folder, entry);
      if (s.isFile(file)) return { command: 'node', args: [file, ...SERVER_ARGS], source: 'bundle', shell: false };
    }
  }
  return undefined;
}

/** A file's first lines name the monitors schema, as `monitors init` and the examples write them. */
export function namesMonitorsSchema(text: string): boolean {
  return /^#\s*yaml-language-server:\s*\$schema=\S*monitors-file\.schema\.json\s*$/m.test(text.slice(0, 2000));
}
