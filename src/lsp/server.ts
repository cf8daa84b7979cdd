// `monitors lsp`: a language server over stdio (LSP 3.17, vscode-languageserver). It loads
// each set of monitors as validate does, with the editor's unsaved buffers in place of the
// files, and publishes the loader's diagnostics; the features (features.ts) answer from the
// last load. It writes nothing to disk, sends nothing over the network, and needs no token.
// Every handler is guarded (guard.ts): a failure answers nothing, logged without values.
import lspNode from 'vscode-languageserver/node.js';
import type { Connection, InitializeParams, InitializeResult } from 'vscode-languageserver/node.js';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { Buffers } from './buffers.js';
import type { ServerContext } from './context.js';
import { registerFeatures, CAPABILITIES } from './features.js';
import { guarded } from './guard.js';
import { Publisher } from './publish.js';
import { folderOf, pathOfUri, rootOf, workspaceRoots } from './roots.js';
import { WorkspaceSet } from './workspace-set.js';

export interface ServerStreams {
  input: NodeJS.ReadableStream;
  output: NodeJS.WritableStream;
  env: NodeJS.ProcessEnv;
  /** The clock: a folder's search is kept while the folder's time, read against it, stays the same. */
  now: () => number;
}

export function startServer({ input, output, env, now }: ServerStreams): Connection {
  const { createConnection, DidChangeWatchedFilesNotification, ProposedFeatures, TextDocuments, TextDocumentSyncKind } =
    lspNode;
  const connection = createConnection(ProposedFeatures.all, input, output);
  const documents = new TextDocuments(TextDocument);
  const buffers = new Buffers();
  const publisher = new Publisher(connection, buffers, (abs) => context.setOf(abs));
  let roots: string[] = [];
  const sets = new Map<string, WorkspaceSet>();
  const setFor = (root: string): WorkspaceSet => {
    let set = sets.get(root);
    if (!set) {
      const made = new WorkspaceSet(root, buffers, env, now, (load) => publisher.publish(made, load));
      sets.set(root, (set = made));
    }
    return set;
  };
  const context: ServerContext = {
    connection,
    buffers,
    setOf: (abs) => setFor(rootOf(abs, roots) ?? folderOf(abs)),
    sets: () => [...sets.values()],
    loadFor: (abs) => context.setOf(abs).current(),
  };
  const log = (message: string) => connection.console.error(message);
  const refresh = (abs: string, rediscover: boolean) =>
    context
      .setOf(abs)
      .refresh(rediscover)
      .catch((e: unknown) => log(failure('load', e)));

  let watchFiles = false;
  connection.onInitialize((params: InitializeParams): InitializeResult => {
    roots = workspaceRoots(params);
    watchFiles = params.capabilities.workspace?.didChangeWatchedFiles?.dynamicRegistration === true;
    return {
      capabilities: {
        textDocumentSync: { openClose: true, change: TextDocumentSyncKind.Incremental, save: { includeText: false } },
        ...CAPABILITIES,
      },
      serverInfo: { name: 'monitors' },
    };
  });
  connection.onInitialized(() => {
    // The client tells of monitors files made, changed or removed on disk: the folders are searched again then.
    if (watchFiles)
      void connection.client
        .register(DidChangeWatchedFilesNotification.type, { watchers: [{ globPattern: '**/*.{yaml,yml}' }] })
        .catch((e: unknown) => log(failure('file watching', e)));
    for (const root of roots)
      void setFor(root)
        .refresh()
        .catch((e: unknown) => log(failure('load', e)));
  });
  // A keystroke loads the set again without searching its folders; opening, closing or saving a
  // file may follow a file made or removed, so these search again.
  const track = (doc: TextDocument, rediscover: boolean) => {
    const abs = pathOfUri(doc.uri);
    if (abs === undefined) return;
    buffers.setOpen(abs, doc.version, doc.getText());
    void refresh(abs, rediscover);
  };
  documents.onDidOpen(guarded(log, 'open', (e) => track(e.document, true)));
  documents.onDidChangeContent(guarded(log, 'change', (e) => track(e.document, false)));
  documents.onDidSave(guarded(log, 'save', (e) => track(e.document, true)));
  documents.onDidClose(
    guarded(log, 'close', (e) => {
      const abs = pathOfUri(e.document.uri);
      if (abs === undefined) return;
      buffers.close(abs);
      void refresh(abs, true);
    }),
  );
  connection.onDidChangeWatchedFiles(
    guarded(log, 'watched files', () => {
      for (const set of sets.values()) void set.refresh(true).catch((e: unknown) => log(failure('load', e)));
    }),
  );
  registerFeatures(context, documents);
  documents.listen(connection);
  connection.listen();
  return connection;
}

function failure(what: string, e: unknown): string {
  return `monitors lsp: ${what} failed (${e instanceof Error ? e.name : 'error'}); the last results stay`;
}
