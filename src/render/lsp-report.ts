// The language server's own lines on stderr (stdout is the protocol's): an exception no
// handler caught, logged by its name only (a message could hold a document's text).

export function lspUncaughtLine(name: string): string {
  return `monitors lsp: uncaught ${name}\n`;
}

export const LSP_UNHANDLED_LINE = 'monitors lsp: unhandled rejection\n';
