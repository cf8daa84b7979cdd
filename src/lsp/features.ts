// The requests the server answers beside diagnostics, each in a file of its own, and the
// capabilities it advertises for them. Every handler is guarded (guard.ts) and answers from
// the text of the buffer (or the file) and the last load of its set.
import path from 'node:path';
import lspNode from 'vscode-languageserver/node.js';
import type { DocumentSymbol, ServerCapabilities, TextDocuments } from 'vscode-languageserver/node.js';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { ServerContext } from './context.js';
import { guarded } from './guard.js';
import { codeLenses } from './lens/code-lens.js';
import { LockReader } from './lens/lock-reader.js';
import { renameEdits, renameTarget } from './rename/rename-monitor.js';
import { pathOfUri, uriOfPath } from './roots.js';
import { SetIndex, type Place } from './set-index.js';
import { fixesFor } from './features/code-actions.js';
import { completionsAt } from './features/completion.js';
import { hoverAt } from './features/hover.js';
import { definitionsAt, referencesAt } from './features/navigation.js';
import { documentSymbols, workspaceSymbols, type SymbolNode } from './features/symbols.js';

export const CAPABILITIES: ServerCapabilities = {
  codeLensProvider: { resolveProvider: false },
  renameProvider: { prepareProvider: true },
  hoverProvider: true,
  completionProvider: { triggerCharacters: ['.', ':', ' ', '{'] },
  definitionProvider: true,
  referencesProvider: true,
  documentSymbolProvider: true,
  workspaceSymbolProvider: true,
  codeActionProvider: { codeActionKinds: ['quickfix'] },
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
  const index = new SetIndex(context.buffers);
  /** The request's document, its set's last load (after every change received) and the offset. */
  const at = async (uri: string, position?: { line: number; character: number }) => {
    const found = documentOf(context, uri);
    if (!found) return undefined;
    const set = context.setOf(found.abs);
    const load = await set.current();
    const offset = position ? found.doc.offsetAt(position) : 0;
    return { ...found, load, root: set.root, offset, text: found.doc.getText(), index, locks };
  };
  const location = (place: Place) => {
    const text = context.buffers.text(place.abs) ?? '';
    const doc = TextDocument.create(uriOfPath(place.abs), 'yaml', 0, text);
    return {
      uri: uriOfPath(place.abs),
      range: { start: doc.positionAt(place.span.start), end: doc.positionAt(place.span.end) },
    };
  };

  connection.onHover(
    guarded(log, 'hover', async ({ textDocument, position }) => {
      const input = await at(textDocument.uri, position);
      const value = input && (await hoverAt(input));
      return value ? { contents: { kind: 'markdown' as const, value } } : null;
    }),
  );
  connection.onCompletion(
    guarded(log, 'completion', async ({ textDocument, position }) => {
      const input = await at(textDocument.uri, position);
      return input ? completionsAt(input) : [];
    }),
  );
  connection.onDefinition(
    guarded(log, 'definition', async ({ textDocument, position }) => {
      const input = await at(textDocument.uri, position);
      return input ? definitionsAt(input).map(location) : [];
    }),
  );
  connection.onReferences(
    guarded(log, 'references', async ({ textDocument, position, context: request }) => {
      const input = await at(textDocument.uri, position);
      return input ? referencesAt(input, request.includeDeclaration).map(location) : [];
    }),
  );
  connection.onDocumentSymbol(
    guarded(log, 'documentSymbol', async ({ textDocument }) => {
      const input = await at(textDocument.uri);
      if (!input) return [];
      const range = (s: { start: number; end: number }) => ({
        start: input.doc.positionAt(s.start),
        end: input.doc.positionAt(s.end),
      });
      const toSymbol = (n: SymbolNode): DocumentSymbol => ({
        name: n.name,
        ...(n.detail ? { detail: n.detail } : {}),
        kind: n.children.length > 0 ? lspNode.SymbolKind.Class : lspNode.SymbolKind.Object,
        range: range(n.span),
        selectionRange: range(n.selection),
        children: n.children.map(toSymbol),
      });
      return documentSymbols(input.abs, await input.load.result(), input.root, index).map(toSymbol);
    }),
  );
  connection.onWorkspaceSymbol(
    guarded(log, 'workspaceSymbol', async ({ query }) => {
      const loads = await Promise.all(
        context.sets().map(async (set) => ({ result: await (await set.current()).result(), root: set.root })),
      );
      return workspaceSymbols(loads, query).map((s) => ({
        name: s.name,
        kind: lspNode.SymbolKind.Object,
        ...(s.environment ? { containerName: s.environment } : {}),
        location: {
          uri: uriOfPath(s.abs),
          range: { start: { line: s.line - 1, character: s.col - 1 }, end: { line: s.line - 1, character: s.col - 1 } },
        },
      }));
    }),
  );
  connection.onCodeAction(
    guarded(log, 'codeAction', async ({ textDocument, context: request }) => {
      const input = await at(textDocument.uri);
      if (!input) return [];
      const actions = [];
      for (const d of request.diagnostics) {
        if (d.source !== 'monitors') continue;
        const start = input.doc.offsetAt(d.range.start);
        const entry = index.nodes(input.abs)?.monitors.find((e) => start >= e.span.start && start <= e.span.end);
        const name = entry?.fields.get('name')?.value?.value;
        const fixes = fixesFor(
          input.text,
          { code: String(d.code), message: d.message, start, end: input.doc.offsetAt(d.range.end) },
          typeof name === 'string' ? name : undefined,
        );
        for (const fix of fixes)
          actions.push({
            title: fix.title,
            kind: 'quickfix',
            diagnostics: [d],
            edit: {
              changes: {
                [textDocument.uri]: fix.edits.map((e) => ({
                  range: { start: input.doc.positionAt(e.start), end: input.doc.positionAt(e.end) },
                  newText: e.newText,
                })),
              },
            },
          });
      }
      return actions;
    }),
  );

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
