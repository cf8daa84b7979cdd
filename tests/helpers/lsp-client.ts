// Stands in for an editor: starts the built server (`node dist/src/cli/main.js lsp --stdio`)
// as a process and talks to it over stdio with vscode-jsonrpc's stream reader and writer and
// the LSP 3.17 types of vscode-languageserver-protocol, as any LSP client does. It collects
// every publishDiagnostics and can wait for a file's diagnostics to match. Spec: the
// Language Server Protocol 3.17 (positions in UTF-16 code units).
import { spawn, type ChildProcess } from 'node:child_process';
import { pathToFileURL } from 'node:url';
import rpc from 'vscode-jsonrpc/node.js';
import type { MessageConnection } from 'vscode-jsonrpc/node.js';
import type {
  Diagnostic,
  InitializeParams,
  InitializeResult,
  PublishDiagnosticsParams,
} from 'vscode-languageserver-protocol';
import { CLI_PATH, cliEnv } from './run-cli.js';

export interface LspClient {
  connection: MessageConnection;
  child: ChildProcess;
  initialize: InitializeResult;
  stderr: () => string;
  /** Every diagnostics notification received, in order. */
  published: PublishDiagnosticsParams[];
  /** Every request the server sent (each answered with null), in order. */
  requests: { method: string; params: unknown }[];
  diagnostics(uri: string): Diagnostic[] | undefined;
  /** Resolves with a file's diagnostics once `accept` takes them (checked on each notification), or rejects after `timeoutMs`. */
  waitFor(uri: string, accept: (d: Diagnostic[]) => boolean, timeoutMs?: number): Promise<Diagnostic[]>;
  request<R>(method: string, params: unknown): Promise<R>;
  notify(method: string, params: unknown): Promise<void>;
  open(abs: string, text: string, version?: number): Promise<void>;
  close(): Promise<number | null>;
}

export const uriOf = (abs: string): string => pathToFileURL(abs).href;

export async function startLsp(
  init: Partial<InitializeParams>,
  options: { env?: Record<string, string>; cwd?: string; cli?: string } = {},
): Promise<LspClient> {
  const child = spawn(process.execPath, [options.cli ?? CLI_PATH, 'lsp', '--stdio'], {
    cwd: options.cwd,
    env: cliEnv(options.env),
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
  const connection = rpc.createMessageConnection(
    new rpc.StreamMessageReader(child.stdout),
    new rpc.StreamMessageWriter(child.stdin),
  );
  const published: PublishDiagnosticsParams[] = [];
  const latest = new Map<string, Diagnostic[]>();
  const waiters = new Set<() => void>();
  connection.onNotification('textDocument/publishDiagnostics', (p: PublishDiagnosticsParams) => {
    published.push(p);
    latest.set(p.uri, p.diagnostics);
    for (const w of [...waiters]) w();
  });
  const requests: LspClient['requests'] = [];
  // workspace/configuration, client/registerCapability and the like: recorded, nothing configured
  connection.onRequest((method: string, params: unknown) => {
    requests.push({ method, params });
    return null;
  });
  connection.listen();
  const initialize = await connection.sendRequest<InitializeResult>('initialize', {
    processId: process.pid,
    capabilities: {},
    rootUri: null,
    ...init,
  });
  await connection.sendNotification('initialized', {});
  const client: LspClient = {
    connection,
    child,
    initialize,
    stderr: () => stderr,
    published,
    requests,
    diagnostics: (uri) => latest.get(uri),
    waitFor(uri, accept, timeoutMs = 20_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const d = latest.get(uri);
          if (d && accept(d)) {
            waiters.delete(check);
            clearTimeout(timer);
            resolve(d);
          }
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no matching diagnostics for ${uri}; last: ${JSON.stringify(latest.get(uri))}`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    request: (method, params) => connection.sendRequest(method, params),
    notify: (method, params) => connection.sendNotification(method, params),
    open: (abs, text, version = 1) =>
      connection.sendNotification('textDocument/didOpen', {
        textDocument: { uri: uriOf(abs), languageId: 'yaml', version, text },
      }),
    async close() {
      const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
      if (child.exitCode === null) {
        await connection.sendRequest('shutdown').catch(() => undefined);
        await connection.sendNotification('exit').catch(() => undefined);
      }
      const code = await Promise.race([exited, new Promise<null>((r) => setTimeout(() => r(null), 5000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
      connection.dispose();
      return code;
    },
  };
  return client;
}
