// commander, through require rather than import: Node's import of a CommonJS package reads
// its source once more to find its exports, which costs every command several
// milliseconds of start-up (`npm run bench -- startup`). In the compiled files (ES modules)
// `require` is made with createRequire; the bundle and the package's build define one, and
// esbuild resolves what it requires.
import { createRequire } from 'node:module';
import type * as Commander from 'commander';

function load(): unknown {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- deliberate: see above
  if (typeof require === 'function') return require('commander');
  return createRequire(import.meta.url)('commander');
}

const commander = load() as typeof Commander;

export const { Argument, Command, CommanderError, Help, Option } = commander;
export type Argument = Commander.Argument;
export type Command = Commander.Command;
export type Option = Commander.Option;
export type Help = Commander.Help;
