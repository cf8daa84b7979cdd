import { parse } from 'yaml';
import type { ExportResult } from '../../src/export/export-workspace.js';

/** Each exported monitor as the loader will see it: its entry merged over its file's defaults. */
export function mergedMonitors(result: ExportResult): Record<string, unknown>[] {
  return result.files.flatMap((file) => {
    const doc = parse(file.text) as { defaults?: Record<string, unknown>; monitors: Record<string, unknown>[] };
    return doc.monitors.map((m) => ({ ...(doc.defaults ?? {}), ...m }));
  });
}
