// src/apply and src/wait decide and send; they write to no stream: their words are
// src/render's (apply-report.ts, wait-report.ts) and the streams are the CLI's.
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '../..');
const WRITES = /\bprocess\.std(out|err)\b|WriteStream|WritableStream|\.write\(|from 'node:stream'|cli-progress/;

describe('src/apply and src/wait write nothing', () => {
  it('hold no stream, no process output and no progress bar', () => {
    const found: string[] = [];
    for (const folder of ['apply', 'wait'])
      for (const name of readdirSync(join(root, 'src', folder)).filter((n) => n.endsWith('.ts'))) {
        const lines = readFileSync(join(root, 'src', folder, name), 'utf8').split('\n');
        lines.forEach((line, i) => {
          if (WRITES.test(line) && !line.trim().startsWith('//') && !line.trim().startsWith('*'))
            found.push(`src/${folder}/${name}:${i + 1}: ${line.trim()}`);
        });
      }
    expect(found).toEqual([]);
  });
});
