// Writes src/load/generated/validators.ts (see validators-source.ts).
import { writeFileSync } from 'node:fs';
import { renderValidatorsModule } from './validators-source.js';

writeFileSync(new URL('../../../../src/load/generated/validators.ts', import.meta.url), renderValidatorsModule());
process.stdout.write('wrote src/load/generated/validators.ts\n');
