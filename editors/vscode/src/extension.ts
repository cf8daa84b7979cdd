// The VS Code extension of monitors: starts `monitors lsp` for the YAML files of a
// monitors repository and restarts it when its settings change. Everything the editor
// shows comes from the server; this file only wires it in.
import * as vscode from 'vscode';
import type { LanguageClient } from 'vscode-languageclient/node';
import { CLIENT_ID, createClient, findServer } from './client';
import { namesMonitorsSchema } from './server-command';
import { offerToReportProblemsOnce, reportProblemsOnce } from './yaml-coexistence';

/** Files that mark a monitors repository (the activation events say the same). */
const MARKERS = '{**/monitors.lock.json,**/monitors.*.lock.json,monitors/*.yaml,monitors/*.yml}';

let client: LanguageClient | undefined;
let output: vscode.OutputChannel;

async function isMonitorsWorkspace(): Promise<boolean> {
  if (vscode.workspace.textDocuments.some((d) => d.languageId === 'yaml' && namesMonitorsSchema(d.getText()))) {
    return true;
  }
  return (await vscode.workspace.findFiles(MARKERS, '**/node_modules/**', 1)).length > 0;
}

async function start(): Promise<void> {
  const server = findServer();
  if (!server) {
    const open = 'Open settings';
    const answer = await vscode.window.showErrorMessage(
      'monitors: no server found. Install monitors in this repository (npm install --save-dev monitors) or on the PATH, or set monitors.server.command.',
      open,
    );
    if (answer === open) await vscode.commands.executeCommand('workbench.action.openSettings', 'monitors.server');
    return;
  }
  output.appendLine(`starting ${[server.command, ...server.args].join(' ')} (from ${server.source})`);
  client = createClient(server, output);
  try {
    await client.start();
  } catch (error) {
    output.appendLine(`the server did not start: ${error instanceof Error ? error.message : String(error)}`);
    client = undefined;
    return;
  }
  void offerToReportProblemsOnce();
}

async function stop(): Promise<void> {
  const running = client;
  client = undefined;
  await running?.stop();
}

let starting: Promise<void> | undefined;

/** Starts the server once, however many events ask for it at the same time. */
function startIfWanted(): Promise<void> {
  starting ??= (async () => {
    const enable = vscode.workspace.getConfiguration('monitors').get<string>('enable', 'auto');
    if (enable === 'off' || client) return;
    if (enable === 'on' || (await isMonitorsWorkspace())) await start();
  })().finally(() => (starting = undefined));
  return starting;
}

export async function activate(context: vscode.ExtensionContext): Promise<void> {
  output = vscode.window.createOutputChannel('monitors');
  context.subscriptions.push(
    output,
    vscode.commands.registerCommand('monitors.restartServer', async () => {
      await stop();
      await start();
    }),
    vscode.commands.registerCommand('monitors.showOutput', () => output.show()),
    vscode.commands.registerCommand('monitors.reportProblemsOnce', reportProblemsOnce),
    vscode.workspace.onDidChangeConfiguration(async (event) => {
      if (!event.affectsConfiguration(CLIENT_ID) || event.affectsConfiguration('monitors.yamlValidation')) return;
      await stop();
      await startIfWanted();
    }),
    // A file with the monitors schema's modeline, opened later, starts the server too.
    vscode.workspace.onDidOpenTextDocument(async (doc) => {
      if (!client && doc.languageId === 'yaml' && namesMonitorsSchema(doc.getText())) await startIfWanted();
    }),
    vscode.workspace.onDidGrantWorkspaceTrust(async () => {
      await stop();
      await startIfWanted();
    }),
  );
  await startIfWanted();
}

export async function deactivate(): Promise<void> {
  await stop();
}
