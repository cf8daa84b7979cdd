// Beside Red Hat's YAML extension, a problem is shown once: monitors lsp reports the
// problems of the monitors files, and the YAML extension keeps completing and hovering from
// the schema. Its validation is turned off for YAML in this workspace only, and only when
// the user says so (docs/editor.md).
import * as vscode from 'vscode';

export const RED_HAT_YAML = 'redhat.vscode-yaml';

/** The YAML extension validates YAML files of this folder (its language-specific setting counts). */
export function yamlValidates(folder: vscode.WorkspaceFolder): boolean {
  if (!vscode.extensions.getExtension(RED_HAT_YAML)) return false;
  return vscode.workspace.getConfiguration('yaml', { uri: folder.uri, languageId: 'yaml' }).get('validate') !== false;
}

/**
 * Writes `"[yaml]": { "yaml.validate": false }` into the workspace's (or each folder's)
 * settings. A YAML extension older than its language-overridable setting refuses that
 * form; then the plain `"yaml.validate": false`, which it reads, is written instead.
 */
export async function reportProblemsOnce(): Promise<void> {
  const target = vscode.workspace.workspaceFile
    ? vscode.ConfigurationTarget.WorkspaceFolder
    : vscode.ConfigurationTarget.Workspace;
  for (const folder of vscode.workspace.workspaceFolders ?? []) {
    const yaml = vscode.workspace.getConfiguration('yaml', { uri: folder.uri, languageId: 'yaml' });
    try {
      await yaml.update('validate', false, target, true);
    } catch {
      await vscode.workspace.getConfiguration('yaml', folder.uri).update('validate', false, target);
    }
  }
}

export async function offerToReportProblemsOnce(): Promise<void> {
  const config = vscode.workspace.getConfiguration('monitors');
  if (config.get('yamlValidation.ask') === false) return;
  if (!(vscode.workspace.workspaceFolders ?? []).some(yamlValidates)) return;
  const turnOff = 'Turn off YAML validation here';
  const never = "Don't ask again";
  const answer = await vscode.window.showInformationMessage(
    "Red Hat's YAML extension also checks these files against the schema, so some problems would show twice. " +
      'Let monitors report them, and keep YAML completion and hover?',
    turnOff,
    never,
  );
  if (answer === turnOff) await reportProblemsOnce();
  if (answer === never) await config.update('yamlValidation.ask', false, vscode.ConfigurationTarget.Global);
}
