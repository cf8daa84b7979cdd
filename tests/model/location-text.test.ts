// The one `file:line:col` of messages, plans and reports (src/model/location-text.ts).
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { locationText } from '../../src/model/location-text.js';

describe('locationText: a place in a file as people read it', () => {
  it('writes file:line:col from 1-based numbers as given', () => {
    expect(locationText({ file: 'monitors/api.yaml', line: 12, col: 5 })).toBe('monitors/api.yaml:12:5');
    expect(locationText({ file: 'a.yaml', line: 1, col: 1 })).toBe('a.yaml:1:1');
  });

  it('counts from 1 what an editor counts from 0', () => {
    expect(locationText({ file: 'a.yaml', line: 0, col: 0 }, { base: 0 })).toBe('a.yaml:1:1');
    expect(locationText({ file: 'a.yaml', line: 11, col: 4 }, { base: 0 })).toBe('a.yaml:12:5');
    expect(locationText({ file: 'a.yaml', line: 6 }, { base: 0 })).toBe('a.yaml:7');
  });

  it('writes file:line without a column', () => {
    expect(locationText({ file: 'monitors.lock.json', line: 7 })).toBe('monitors.lock.json:7');
  });

  it('writes the file alone for a path as a whole (line 0 or none, 1-based)', () => {
    expect(locationText({ file: 'missing.yaml', line: 0, col: 0 })).toBe('missing.yaml');
    expect(locationText({ file: 'monitors/' })).toBe('monitors/');
    expect(locationText({ file: 'a.yaml' }, { base: 0 })).toBe('a.yaml');
  });

  it('shows an absolute path relative to the folder given, with /', () => {
    const root = path.resolve('/work/set');
    const abs = path.join(root, 'monitors', 'api.yaml');
    expect(locationText({ file: abs, line: 3, col: 9 }, { cwd: root })).toBe('monitors/api.yaml:3:9');
    expect(locationText({ file: path.join(root, 'a.yaml'), line: 2 }, { cwd: path.join(root, 'sub') })).toBe(
      '../a.yaml:2',
    );
  });
});
