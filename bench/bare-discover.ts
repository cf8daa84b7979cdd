// The floor of `monitors discover k8s` (bench/discover.ts runs both): reading the manifest
// and parsing every document with js-yaml (the core schema), nothing more: no positions, no
// kinds, no monitors. Any discover must at least read and parse what it is given.
// Run: node dist/bench/bare-discover.js FILE
import { readFileSync } from 'node:fs';
import yaml from 'js-yaml';

const [file = ''] = process.argv.slice(2);
const documents = yaml.loadAll(readFileSync(file, 'utf8'), undefined, { schema: yaml.CORE_SCHEMA });
process.stdout.write(`${documents.length} documents\n`);
