import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { generateCorpus } from '../../bench/corpus.js';
import { fastParse } from '../../src/load/parse/fast-parse.js';
import { loadDesiredState } from '../../src/load/index.js';
import { tempDir } from './temp-dir.js';

describe('benchmark corpus', () => {
  it('is valid, spreads monitors evenly, and stays on the fast path', async () => {
    const dir = tempDir();
    const corpus = generateCorpus(path.join(dir, 'set'), { monitors: 203, files: 4 });
    const r = await loadDesiredState(['set'], { env: corpus.env, cwd: dir });
    expect(r.diagnostics).toEqual([]);
    expect(r.state.monitors).toHaveLength(203);
    expect(r.state.files).toHaveLength(4);
    expect(corpus.bytes / 203).toBeGreaterThan(400);
    for (const file of corpus.files) expect(fastParse(readFileSync(file, 'utf8'))).toBeDefined();
  });
});
