// Starts `monitors lsp` as a language client for the YAML files of the workspace.
import { statSync } from 'node:fs';
import * as vscode from 'vscode';
import { LanguageClient, type LanguageClientOptions, type ServerOptions } from 'vscode-languageclient/node';
import { resolveServerCommand, type ServerCommand } from './server-command';

export const CLIENT_ID = 'monitors';

const isFile = (file: string): boolean => {
  try {
    return statSync(file).isFile();
  } catch {
    return false;
  }
};

export function findServer(): ServerCommand | undefined {
  const config = vscode.workspace.getConfiguration('monitors');
  return resolveServerCommand({
    configured: config.get<string[]>('server.command') ?? [],
    workspaceFolders: (vscode.workspace.workspaceFolders ?? []).map((f) => f.uri.fsPath),
    pathVariable: process.env.PATH ?? '',
    platform: process.platform,
    trusted: vscode.workspace.isTrusted,
    isFile,
  });
}

export function createClient(server: ServerCommand, output: vscode.OutputChannel): LanguageClient {
  const folder = vscode.workspace.workspaceFolders?.[0]?.uri.fsPath;
  const serverOptions: ServerOptions = {
    command: server.command,
    args: server.args,
    // No `transport`: the arguments already say --stdio, and the client would add it twice.
    options: { shell: server.shell, ...(folder ? { cwd: folder } : {}) },
  };
  const clientOptions: LanguageClientOptions = {
    documentSelector: [{ scheme: 'file', language: 'yaml' }],
    initializationOptions:
      vscode.workspace.getConfiguration('monitors').get<object>('server.initializationOptions') ?? {},
    outputChannel: output,
    synchronize: { fileEvents: vscode.workspace.createFileSystemWatcher('**/*.{yaml,yml,lock.json}') },
  };
  return new LanguageClient(CLIENT_ID, 'monitors', serverOptions, clientOptions);
}
