// The floor of `monitors validate` (bench/validate.ts runs both): a process that reads the
// same files, parses each with js-yaml and runs ajv's validator of the monitors-file JSON
// Schema (schema/monitors-file.schema.json, the loader's ajv options), and nothing else:
// no defaults merged, no rules beyond the schema, no positions, no messages.
// Run: node dist/bench/bare-validate.js DIR
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Ajv } from 'ajv';
import yaml from 'js-yaml';

const SCHEMA = fileURLToPath(new URL('../../schema/monitors-file.schema.json', import.meta.url));

const dir = process.argv[2] ?? '.';
const started = performance.now();
const ajv = new Ajv({ allErrors: true, strict: true, allowUnionTypes: true, verbose: true });
const validate = ajv.compile(JSON.parse(readFileSync(SCHEMA, 'utf8')) as object);
const compiledMs = performance.now() - started;
const files = readdirSync(dir)
  .filter((name) => /\.ya?ml$/.test(name))
  .sort();
let monitors = 0;
let invalid = 0;
for (const name of files) {
  const value = yaml.load(readFileSync(join(dir, name), 'utf8')) as { monitors?: unknown[] };
  if (!validate(value)) invalid += 1;
  monitors += value.monitors?.length ?? 0;
}
// The split, for the benchmark's note: compiling the schema is part of this floor.
const passMs = performance.now() - started - compiledMs;
process.stdout.write(
  `${monitors} monitors in ${files.length} files: ${invalid} invalid; schema compiled in ${Math.round(compiledMs)} ms, files read, parsed and validated in ${Math.round(passMs)} ms\n`,
);
process.exitCode = invalid > 0 ? 1 : 0;
