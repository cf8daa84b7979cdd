// `--env all` in one process: runs side by side each see only their own process environment
// and write only to their own captured stdout and stderr, however their awaits interleave;
// outside them (and after them) process.env and the two streams are the process's own. And
// the formats --env all offers are those the format registry combines.
import { setTimeout as delay } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { runIsolated } from '../../src/cli/steps/every-environment-io.js';
import { combinedFormats } from '../../src/cli/steps/every-environment.js';

describe('runIsolated', () => {
  it('gives each run its own environment and output, interleaved', async () => {
    const ownEnv = process.env;
    const ownWrite = Object.getOwnPropertyDescriptor(process.stdout, 'write');
    const seen: string[] = [];
    const run = (name: string, other: string, pause: number) =>
      runIsolated({ [`TOKEN_${name}`]: `tok_${name}`, SHARED: 'x' }, async () => {
        process.stdout.write(`${name}1 `);
        await delay(pause);
        // Another run's variable is never there, not even as a key.
        seen.push(`${name}:${process.env[`TOKEN_${other}`] ?? '-'}:${`TOKEN_${other}` in process.env}`);
        process.stderr.write(`${name}-err `);
        await delay(pause);
        process.env.SET_BY_RUN = name;
        process.stdout.write(Buffer.from(`${name}2`));
        return { own: process.env[`TOKEN_${name}`], keys: Object.keys(process.env).sort(), tty: process.stdout.isTTY };
      });
    const [a, b] = await Promise.all([run('A', 'B', 15), run('B', 'A', 5)]);
    expect(a.result).toEqual({ own: 'tok_A', keys: ['SET_BY_RUN', 'SHARED', 'TOKEN_A'], tty: false });
    expect(b.result).toEqual({ own: 'tok_B', keys: ['SET_BY_RUN', 'SHARED', 'TOKEN_B'], tty: false });
    expect(seen.sort()).toEqual(['A:-:false', 'B:-:false']);
    expect(a.stdout).toBe('A1 A2');
    expect(a.output).toBe('A1 A-err A2');
    expect(b.output).toBe('B1 B-err B2');
    // Taken down after the last run: the process's own again, untouched by the runs.
    expect(process.env).toBe(ownEnv);
    expect(Object.getOwnPropertyDescriptor(process.stdout, 'write')).toEqual(ownWrite);
    expect(process.env.SET_BY_RUN).toBeUndefined();
  });

  it('takes the routing down when a run throws', async () => {
    const ownEnv = process.env;
    await expect(
      runIsolated({}, () => {
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect(process.env).toBe(ownEnv);
  });
});

describe('combinedFormats', () => {
  it('offers each command the formats of the registry that combine, in its order', () => {
    expect(combinedFormats('plan')).toEqual(['text', 'markdown', 'json']);
    expect(combinedFormats('validate')).toEqual(['text', 'json']);
    expect(combinedFormats('status')).toEqual(['text', 'markdown', 'json', 'junit']);
    expect(combinedFormats('check')).toEqual(['text', 'markdown', 'json', 'junit']);
    expect(combinedFormats('lock list')).toEqual(['text', 'json']);
    expect(combinedFormats('lock show')).toEqual(['text', 'json']);
  });
});
