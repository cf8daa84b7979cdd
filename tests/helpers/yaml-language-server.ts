// Stands in for an editor with Red Hat's YAML extension: runs the real yaml-language-server
// (1.25.0, node_modules/yaml-language-server) as a child process and speaks LSP 3.17 to it
// over stdio with vscode-jsonrpc, as VS Code's client does. It fakes nothing of the server;
// the client side answers `workspace/configuration` with the sections given (`yaml`, and
// `[yaml]` for VS Code's language-specific settings), and never lets the server reach the
// network (the schema store is off; schemas are files).
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { createMessageConnection, type MessageConnection } from 'vscode-jsonrpc';
import { StreamMessageReader, StreamMessageWriter } from 'vscode-jsonrpc/node.js';

const SERVER = fileURLToPath(
  new URL(
    import.meta.url.includes('/dist/tests/')
      ? '../../../node_modules/yaml-language-server/bin/yaml-language-server'
      : '../../node_modules/yaml-language-server/bin/yaml-language-server',
    import.meta.url,
  ),
);

export interface PublishedDiagnostics {
  uri: string;
  diagnostics: { message: string; range: unknown; severity?: number }[];
}

export interface YamlServer {
  connection: MessageConnection;
  /** Every publishDiagnostics notification so far, oldest first. */
  published: PublishedDiagnostics[];
  open(uri: string, text: string): void;
  /** Changes the settings and tells the server, which pulls them again. */
  configure(sections: Sections): void;
  /** The next diagnostics published for `uri` after `since` notifications (bounded wait). */
  diagnosticsOf(uri: string, since: number): Promise<PublishedDiagnostics>;
  stop(): Promise<void>;
}

/** Settings by section, as VS Code keeps them: `yaml` (yaml.validate, ...) and `[yaml]` (per language). */
export interface Sections {
  yaml: Record<string, unknown>;
  '[yaml]'?: Record<string, unknown>;
}

const withoutNetwork = (sections: Sections): Sections => ({
  ...sections,
  yaml: { ...sections.yaml, schemaStore: { enable: false } },
});

export async function startYamlServer(initial: Sections): Promise<YamlServer> {
  const child: ChildProcess = spawn(process.execPath, [SERVER, '--stdio'], { stdio: ['pipe', 'pipe', 'pipe'] });
  const connection = createMessageConnection(
    new StreamMessageReader(child.stdout!),
    new StreamMessageWriter(child.stdin!),
  );
  let settings = withoutNetwork(initial);
  const published: PublishedDiagnostics[] = [];
  connection.onRequest('workspace/configuration', (params: { items: { section?: string }[] }) =>
    params.items.map((item) => settings[item.section as keyof Sections] ?? null),
  );
  connection.onRequest('client/registerCapability', () => null);
  connection.onNotification('textDocument/publishDiagnostics', (p: PublishedDiagnostics) => published.push(p));
  connection.listen();
  await connection.sendRequest('initialize', {
    processId: process.pid,
    rootUri: null,
    workspaceFolders: null,
    capabilities: {
      workspace: { configuration: true, didChangeConfiguration: { dynamicRegistration: true } },
      textDocument: {
        completion: { completionItem: { snippetSupport: true, documentationFormat: ['markdown', 'plaintext'] } },
        hover: { contentFormat: ['markdown', 'plaintext'] },
        publishDiagnostics: {},
      },
    },
  });
  await connection.sendNotification('initialized', {});
  await connection.sendNotification('workspace/didChangeConfiguration', { settings: {} });
  return {
    connection,
    published,
    open: (uri, text) =>
      void connection.sendNotification('textDocument/didOpen', {
        textDocument: { uri, languageId: 'yaml', version: 1, text },
      }),
    configure: (next) => {
      settings = withoutNetwork(next);
      void connection.sendNotification('workspace/didChangeConfiguration', { settings: {} });
    },
    diagnosticsOf: async (uri, since) => {
      for (let waited = 0; waited < 15_000; waited += 50) {
        const found = published.slice(since).find((p) => p.uri === uri);
        if (found) return found;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      throw new Error(`no diagnostics published for ${uri} within 15 s`);
    },
    stop: async () => {
      await connection.sendRequest('shutdown').catch(() => undefined);
      await connection.sendNotification('exit').catch(() => undefined);
      connection.dispose();
      if (child.exitCode === null) child.kill();
    },
  };
}
