// Compiles the floor's validator (bare-validate.ts) before any timing starts: ajv's
// standalone code for the spec's Monitor input schema (spec 2.1; the value
// src/schema/monitor-input-schema.ts that the CLI's validators are compiled from, not the
// published schema/monitor-input.schema.json, whose editor keywords such as
// markdownDescription ajv's strict mode refuses), written as a module that imports nothing,
// the same way the CLI's validators are precompiled (src/load/validators-source.ts). With the
// least work a validator can do: it stops at the first error and keeps no data on it (no
// allErrors, no verbose); the CLI's own validators do more (every error, with its value, for
// the messages).
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv } from 'ajv';
import { standaloneModule } from '../src/load/checks/validators-source.js';
import { monitorInputSchema } from '../src/schema/monitor-input-schema.js';

/** Writes DIR/floor-validator.mjs (exporting `validateMonitor`) and returns its path. */
export function writeFloorValidator(dir: string): string {
  const ajv = new Ajv({ strict: true, allowUnionTypes: true, code: { source: true, esm: true } });
  ajv.addSchema(monitorInputSchema, 'monitor');
  const file = join(dir, 'floor-validator.mjs');
  writeFileSync(file, standaloneModule(ajv, { validateMonitor: 'monitor' }, 'bench/floor-validator.ts'));
  return file;
}
