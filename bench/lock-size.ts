// The size of the lock file apply writes for the scale corpus (10,000 monitors; BENCH_SMOKE=1:
// 1,000), now that records keep the values last written, against the records of the version
// before (a 12-character hash per field, no value: the same hashes, see
// src/plan/lock-record.ts). Target: within 2x. Also the time to serialize and parse it.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadDesiredState } from '../src/load/index.js';
import { newLockFile, parseLock, serializeLock } from '../src/lock/lock-file.js';
import type { LockFile, LockRecord } from '../src/lock/types.js';
import { recordedHashes } from '../src/plan/lock-record.js';
import { lockRecordOf, prepareDesired } from '../src/plan/prepare.js';
import { generateCorpus } from './corpus.js';
import { markdownTable } from './measure-process.js';
import { reportRatio } from './ratios.js';

const SMOKE = process.env.BENCH_SMOKE === '1';
const MONITORS = SMOKE ? 1_000 : 10_000;
const TARGET = 2;

/** The record the version before values were kept wrote for the same monitor. */
function earlierRecord({ values: _values, ...record }: LockRecord): LockRecord {
  return { ...record, fields: recordedHashes({ ...record, values: _values }) };
}

function measure(lock: LockFile): { bytes: number; serializeMs: number; parseMs: number } {
  let started = performance.now();
  const text = serializeLock(lock);
  const serializeMs = performance.now() - started;
  started = performance.now();
  parseLock(text, 'bench');
  return { bytes: Buffer.byteLength(text), serializeMs, parseMs: performance.now() - started };
}

const dir = mkdtempSync(join(tmpdir(), 'bench-lock-size-'));
try {
  const corpus = generateCorpus(dir, { monitors: MONITORS, files: MONITORS / 100 });
  const { state } = await loadDesiredState([dir], { env: corpus.env });
  const lock = newLockFile();
  state.monitors.forEach((d, i) =>
    lock.monitors.push({
      id: `01M8${String(i).padStart(22, '0')}`,
      name: d.name,
      ...lockRecordOf(prepareDesired(d, lock.salt)),
    }),
  );
  const before = measure({ ...lock, monitors: lock.monitors.map(earlierRecord) });
  const after = measure(lock);
  const ratio = after.bytes / before.bytes;
  const n = (v: number) => v.toLocaleString('en');
  const row = (what: string, m: typeof before) => [
    what,
    `${n(m.bytes)} bytes`,
    `${n(Math.round(m.bytes / MONITORS))} bytes`,
    `${Math.round(m.serializeMs)} ms`,
    `${Math.round(m.parseMs)} ms`,
  ];
  process.stdout.write(
    [
      `The lock file of ${n(MONITORS)} monitors (the scale corpus), as apply writes it.`,
      '',
      markdownTable(
        ['records', 'lock file', 'per monitor', 'serialize', 'parse'],
        [row('hashes only (before values were kept)', before), row('values kept', after)],
      ),
      '',
      `Size ratio after / before: ${reportRatio({ bench: 'lock-size', what: `lock file of ${n(MONITORS)} monitors: values kept / hashes only`, value: ratio, kind: 'at most', target: TARGET })}.`,
      '',
    ].join('\n'),
  );
  // The threshold is the full run's; the smoke run (npm test) only shows that the bench works.
  if (ratio > TARGET && !SMOKE) process.exitCode = 1;
} finally {
  rmSync(dir, { recursive: true, force: true });
}
