// The requests the server answers beside diagnostics, each in a file of its own, and the
// capabilities it advertises for them. Every handler is guarded (guard.ts) and answers from
// the text of the buffer (or the file) and the last load of its set.
import path from 'node:path';
import lspNode from 'vscode-languageserver/node.js';
import type { ServerCapabilities, TextDocuments } from 'vscode-languageserver/node.js';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { ServerContext } from './context.js';
import { guarded } from './guard.js';
import { codeLenses } from './lens/code-lens.js';
import { LockReader } from './lens/lock-reader.js';
import { renameEdits, renameTarget } from './rename/rename-monitor.js';
import { pathOfUri } from './roots.js';

export const CAPABILITIES: ServerCapabilities = {
  codeLensProvider: { resolveProvider: false },
  renameProvider: { prepareProvider: true },
};

/** A request the server declines, with the reason the editor shows (LSP's RequestFailed). */
export const refusal = (message: string) => new lspNode.ResponseError(lspNode.LSPErrorCodes.RequestFailed, message);

/** The text of a document (open buffer, else the file) as a TextDocument, for offsets and positions. */
export function documentOf(context: ServerContext, uri: string): { abs: string; doc: TextDocument } | undefined {
  const abs = pathOfUri(uri);
  const text = abs === undefined ? undefined : context.buffers.text(abs);
  if (abs === undefined || text === undefined) return undefined;
  return { abs, doc: TextDocument.create(uri, 'yaml', 0, text) };
}

export function registerFeatures(context: ServerContext, _documents: TextDocuments<TextDocument>): void {
  const { connection } = context;
  const log = (message: string) => connection.console.error(message);
  const locks = new LockReader();

  connection.onCodeLens(
    guarded(log, 'codeLens', async ({ textDocument }) => {
      const abs = pathOfUri(textDocument.uri);
      if (abs === undefined) return [];
      const set = context.setOf(abs);
      return codeLenses(await set.current(), set.root, path.resolve(abs), locks);
    }),
  );

  connection.onPrepareRename(
    guarded(log, 'prepareRename', ({ textDocument, position }) => {
      const found = documentOf(context, textDocument.uri);
      if (!found) return null;
      const target = renameTarget(found.doc.getText(), found.doc.offsetAt(position));
      if ('refused' in target) return refusal(target.refused);
      return {
        range: { start: found.doc.positionAt(target.span.start), end: found.doc.positionAt(target.span.end) },
        placeholder: target.name,
      };
    }),
  );

  connection.onRenameRequest(
    guarded(log, 'rename', ({ textDocument, position, newName }) => {
      const found = documentOf(context, textDocument.uri);
      if (!found) return null;
      const edits = renameEdits(found.doc.getText(), found.doc.offsetAt(position), newName);
      if ('refused' in edits) return refusal(edits.refused);
      return {
        changes: {
          [textDocument.uri]: edits.map((e) => ({
            range: { start: found.doc.positionAt(e.span.start), end: found.doc.positionAt(e.span.end) },
            newText: e.newText,
          })),
        },
      };
    }),
  );
}
