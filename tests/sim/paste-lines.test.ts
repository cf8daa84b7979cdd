// What `monitors sim` prints for the user to paste (issue 37, point 10): one export line
// that the other commands read as it is, and how to keep its state across restarts.
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { pasteLines } from '../../src/sim/paste-lines.js';

const URL = 'http://127.0.0.1:4000/api/v1';

/** The variables a POSIX shell has after running `line` (nothing else is run). */
function exported(line: string): Record<string, string> {
  const shell = spawnSync('sh', ['-c', `${line}\nprintf '%s\\n%s' "$MONITORS_API_URL" "$MONITORS_API_TOKEN"`], {
    encoding: 'utf8',
    env: { PATH: process.env.PATH ?? '' },
  });
  const [url = '', token = ''] = shell.stdout.split('\n');
  return { url, token };
}

describe('sim paste lines', () => {
  it('a generated token: the export line sets both variables when pasted into a shell', () => {
    const lines = pasteLines({
      baseUrl: URL,
      generatedToken: 'sim_abc-DEF_123',
      tokenFrom: 'generated',
      stateFile: undefined,
    });
    const line = lines.find((l) => l.startsWith('export '))!;
    expect(exported(line)).toEqual({ url: URL, token: 'sim_abc-DEF_123' });
    expect(lines.join('\n')).toContain('--state FILE to keep them across restarts');
  });

  it('a token the user gave is never echoed; the line still pastes; --state says where the state is kept', () => {
    const lines = pasteLines({
      baseUrl: URL,
      generatedToken: undefined,
      tokenFrom: 'flag',
      stateFile: 'sim state.json',
    });
    const line = lines.find((l) => l.startsWith('export '))!;
    expect(exported(line)).toEqual({ url: URL, token: '...' });
    expect(line).toContain('the --token you gave');
    expect(lines.join('\n')).toContain('kept in "sim state.json"');
  });
});
