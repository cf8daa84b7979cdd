import { monitorsFileSchema } from './file-schema.js';
import { monitorInputSchema } from './monitor-input-schema.js';

/** The JSON files under schema/, as text; a test proves the committed files match. */
export function renderedSchemaFiles(): Record<string, string> {
  return {
    'monitor-input.schema.json': `${JSON.stringify(monitorInputSchema, null, 2)}\n`,
    'monitors-file.schema.json': `${JSON.stringify(monitorsFileSchema, null, 2)}\n`,
  };
}
