// The floor of `monitors validate` (bench/validate.ts runs both): the least work any
// correct validate must do, and nothing more. For each file: read it, parse it with js-yaml
// (its YAML 1.2 core schema), merge each monitor over the file's `defaults` (the format's
// meaning: a monitor is only complete, and only checkable, once merged) and run a
// validator of the spec's Monitor input schema (spec 2.1) on it. The validator is compiled
// before the timing starts (floor-validator.ts: precompiled like the CLI's, stopping at the
// first error). No positions, no messages, no rules beyond the schema, no references
// resolved, no names compared across files, nothing kept from one file to the next: every
// one of those is work the CLI does on top, so this is a floor the CLI cannot go under.
// Run: node dist/bench/bare-validate.js DIR VALIDATOR.mjs
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import yaml from 'js-yaml';

type Validate = (data: unknown) => boolean;

const [dir = '.', validatorFile = ''] = process.argv.slice(2);
const { validateMonitor } = (await import(pathToFileURL(validatorFile).href)) as { validateMonitor: Validate };
const files = readdirSync(dir)
  .filter((name) => /\.ya?ml$/.test(name))
  .sort();
let monitors = 0;
let invalid = 0;
for (const name of files) {
  const file = yaml.load(readFileSync(join(dir, name), 'utf8'), { schema: yaml.CORE_SCHEMA }) as {
    defaults?: Record<string, unknown>;
    monitors?: Record<string, unknown>[];
  };
  for (const monitor of file.monitors ?? []) {
    monitors += 1;
    // Object.assign, not {...a, ...b}: the spread builds slow dictionary objects here (3x the
    // merge and 2x the validation on this corpus), and the floor takes the cheapest way.
    if (!validateMonitor(Object.assign({}, file.defaults, monitor))) invalid += 1;
  }
}
process.stdout.write(`${monitors} monitors in ${files.length} files: ${invalid} invalid\n`);
process.exitCode = invalid > 0 ? 1 : 0;
