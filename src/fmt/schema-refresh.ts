// The schema file beside the YAML (what `monitors init` writes, named by each file's first
// line, `# yaml-language-server: $schema=./monitors-file.schema.json`): editors read it
// offline, and `monitors fmt` rewrites it with this version's schema, so that after an
// upgrade the editor completes and checks what the new version accepts. Only a relative
// path to a file of exactly that name, inside the folder fmt runs in, is ever written. Pure.
import path from 'node:path';
import { FILE_SCHEMA_NAME } from '../schema/schema-files.js';

const MODELINE = /^#\s*yaml-language-server:\s*\$schema=(\S+)\s*$/m;

/** The local schema file a monitors file names in its first comment lines (absolute), if any fmt may refresh. */
export function localSchemaOf(text: string, fileAbs: string, cwd: string): string | undefined {
  const head = text.split('\n', 5).join('\n');
  const named = MODELINE.exec(head)?.[1];
  if (named === undefined || /^[a-z][a-z0-9+.-]*:/i.test(named) || path.isAbsolute(named)) return undefined;
  if (path.posix.basename(named) !== FILE_SCHEMA_NAME) return undefined;
  const abs = path.resolve(path.dirname(fileAbs), named);
  const inside = path.relative(cwd, abs);
  return inside.startsWith('..') || path.isAbsolute(inside) ? undefined : abs;
}
