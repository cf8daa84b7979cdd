// The requests the server answers beside diagnostics, each in a file of its own, and the
// capabilities it advertises for them.
import type { ServerCapabilities, TextDocuments } from 'vscode-languageserver/node.js';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { ServerContext } from './context.js';

export const CAPABILITIES: ServerCapabilities = {};

export function registerFeatures(_context: ServerContext, _documents: TextDocuments<TextDocument>): void {}
