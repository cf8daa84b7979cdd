// Writes schema/*.json from the TypeScript schema values (the single source of truth).
// Run: npm run build && node dist/scripts/generate-schemas.js
import { writeFileSync } from 'node:fs';
import { renderedSchemaFiles } from '../src/schema/schema-files.js';

for (const [file, text] of Object.entries(renderedSchemaFiles())) {
  writeFileSync(new URL(`../../schema/${file}`, import.meta.url), text);
  process.stdout.write(`wrote schema/${file}\n`);
}
