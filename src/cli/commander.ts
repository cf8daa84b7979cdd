// commander, through require rather than import: Node's import of a CommonJS package reads
// its source once more to find its exports, which costs every command several
// milliseconds of start-up (`npm run bench -- startup`). In the compiled files (ES modules)
// `require` is made with createRequire; the bundle and the package's build define one, and
// esbuild resolves what it requires.
import { createRequire } from 'node:module';
import type * as Commander from 'commander';

const commander = (
  typeof require === 'function' ? require('commander') : createRequire(import.meta.url)('commander')
) as typeof Commander;

export const { Argument, Command, CommanderError } = commander;
export type Argument = Commander.Argument;
export type Command = Commander.Command;
