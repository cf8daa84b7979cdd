// What every request handler of the server shares: the connection, the open buffers and
// the sets of monitors, and the one way to find the set a file belongs to.
import type { Connection } from 'vscode-languageserver/node.js';
import type { Buffers } from './buffers.js';
import type { SetLoad, WorkspaceSet } from './workspace-set.js';

export interface ServerContext {
  connection: Connection;
  buffers: Buffers;
  /** The set holding a file (by absolute path); one is made for its folder when no root holds it. */
  setOf(abs: string): WorkspaceSet;
  sets(): WorkspaceSet[];
  /** The last load of the set holding the file, after the changes received so far. */
  loadFor(abs: string): Promise<SetLoad>;
}
