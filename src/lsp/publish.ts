// Sends each file's diagnostics after a load, only for the files whose diagnostics changed
// (a keystroke in one file of a hundred sends one or two notifications, not a hundred), and
// an empty list for a file whose problems are gone.
import type { Connection } from 'vscode-languageserver/node.js';
import type { Buffers } from './buffers.js';
import { toLspDiagnostic } from './diagnostics/to-lsp.js';
import { uriOfPath } from './roots.js';
import type { SetLoad, WorkspaceSet } from './workspace-set.js';

export class Publisher {
  private readonly sent = new Map<string, Map<string, string>>();

  constructor(
    private readonly connection: Connection,
    private readonly buffers: Buffers,
    private readonly setOf: (abs: string) => WorkspaceSet,
  ) {}

  publish(set: WorkspaceSet, load: SetLoad): void {
    const before = this.sent.get(set.root) ?? new Map<string, string>();
    const now = new Map<string, string>();
    const textOf = (abs: string) => this.buffers.text(abs);
    for (const [abs, list] of load.byFile) {
      const text = textOf(abs) ?? '';
      const diagnostics = list.map((d) => toLspDiagnostic(d, set.root, text, textOf));
      const json = JSON.stringify(diagnostics);
      now.set(abs, json);
      if (before.get(abs) !== json) void this.connection.sendDiagnostics({ uri: uriOfPath(abs), diagnostics });
    }
    // An open file gets its diagnostics once even when it has none, so the editor knows it was checked.
    for (const abs of this.buffers.openFiles())
      if (!now.has(abs) && set === this.setOf(abs)) {
        now.set(abs, '[]');
        if (before.get(abs) !== '[]') void this.connection.sendDiagnostics({ uri: uriOfPath(abs), diagnostics: [] });
      }
    for (const abs of before.keys())
      if (!now.has(abs)) void this.connection.sendDiagnostics({ uri: uriOfPath(abs), diagnostics: [] });
    this.sent.set(set.root, now);
  }
}
