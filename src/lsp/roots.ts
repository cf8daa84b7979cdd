// The folders whose sets the server loads. LSP 3.17 says a client sends workspaceFolders,
// else rootUri, else (deprecated) rootPath, and may send none of them (a single file
// opened): then each opened file's folder is a set of its own (see folderOf).
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export interface RootsParams {
  workspaceFolders?: readonly { uri: string }[] | null;
  rootUri?: string | null;
  rootPath?: string | null;
}

export function workspaceRoots(params: RootsParams): string[] {
  const folders = (params.workspaceFolders ?? []).map((f) => pathOfUri(f.uri)).filter((p) => p !== undefined);
  if (folders.length > 0) return folders;
  const fromUri = params.rootUri ? pathOfUri(params.rootUri) : undefined;
  if (fromUri !== undefined) return [fromUri];
  return params.rootPath ? [path.resolve(params.rootPath)] : [];
}

/** The file's path for a file: URI; undefined for any other scheme (an untitled buffer). */
export function pathOfUri(uri: string): string | undefined {
  if (!uri.startsWith('file:')) return undefined;
  try {
    return path.resolve(fileURLToPath(uri));
  } catch {
    return undefined;
  }
}

export function uriOfPath(abs: string): string {
  return pathToFileURL(abs).href;
}

/** The root holding a file (the deepest), or undefined. */
export function rootOf(file: string, roots: readonly string[]): string | undefined {
  let best: string | undefined;
  for (const root of roots) {
    const rel = path.relative(root, file);
    if (rel !== '' && !rel.startsWith('..') && !path.isAbsolute(rel) && (!best || root.length > best.length))
      best = root;
  }
  return best;
}

export const folderOf = (file: string): string => path.dirname(file);
