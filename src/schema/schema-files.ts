import { editorSchema } from './editor/editor-schema.js';
import { monitorsFileSchema } from './file-schema.js';
import { monitorInputSchema } from './monitor-input-schema.js';

/**
 * The JSON files under schema/, as text; a test proves the committed files match. They are
 * the editors' versions of the loader's schemas (editor/editor-schema.ts): the same checks,
 * with the documentation and the shape that completion needs.
 */
export function renderedSchemaFiles(): Record<string, string> {
  return {
    'monitor-input.schema.json': `${JSON.stringify(editorSchema(monitorInputSchema), null, 2)}\n`,
    'monitors-file.schema.json': `${JSON.stringify(editorSchema(monitorsFileSchema), null, 2)}\n`,
  };
}
