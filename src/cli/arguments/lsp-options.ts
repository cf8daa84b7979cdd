// The options `monitors lsp` parses. Apart from lsp.ts so that lsp-run.ts, which lsp.ts
// imports lazily, can name them without an import circle.
export interface LspOptions {
  /** Accepted because editors pass it; stdio is the only transport. */
  stdio?: boolean;
}
