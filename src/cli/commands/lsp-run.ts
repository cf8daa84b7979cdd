// The work of `monitors lsp`: the language server on stdio.
import { startServer } from '../../lsp/server.js';
import { LSP_UNHANDLED_LINE, lspUncaughtLine } from '../../render/lsp-report.js';
import type { LspOptions } from '../arguments/lsp-options.js';

// Runs until the client sends exit (or closes the stream): the connection ends the process.
// An exception no handler caught is logged on stderr (never stdout, the protocol's channel)
// and the server goes on: an editor would otherwise lose it in the middle of a keystroke.
export async function runLsp(_options: LspOptions): Promise<number> {
  process.on('uncaughtException', (e) => process.stderr.write(lspUncaughtLine(e.name)));
  process.on('unhandledRejection', () => process.stderr.write(LSP_UNHANDLED_LINE));
  const connection = startServer({ input: process.stdin, output: process.stdout, env: process.env, now: Date.now });
  await new Promise<void>((resolve) => connection.onExit(() => resolve()));
  return 0;
}
