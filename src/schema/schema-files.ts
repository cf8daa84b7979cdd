// The JSON files of schema/ (the input's schema, the file's, the editors' forms) as text, rendered
// from the schema values.
import { editorSchema } from './editor/editor-schema.js';
import { monitorsFileSchema } from './file-schema.js';
import { monitorInputSchema } from './monitor-input-schema.js';

/** The file schema's name: under schema/ of the package, and beside the YAML `monitors init` writes. */
export const FILE_SCHEMA_NAME = 'monitors-file.schema.json';

/**
 * The JSON files under schema/, as text; a test proves the committed files match. They are
 * the editors' versions of the loader's schemas (editor/editor-schema.ts): the same checks,
 * with the documentation and the shape that completion needs.
 */
export function renderedSchemaFiles(): Record<string, string> {
  return {
    'monitor-input.schema.json': `${JSON.stringify(editorSchema(monitorInputSchema), null, 2)}\n`,
    [FILE_SCHEMA_NAME]: fileSchemaText(),
  };
}

/** The file schema as this version of monitors renders it (what init writes and fmt refreshes). */
export function fileSchemaText(): string {
  return `${JSON.stringify(editorSchema(monitorsFileSchema), null, 2)}\n`;
}
