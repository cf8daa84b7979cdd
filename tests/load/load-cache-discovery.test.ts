// The language server keeps the last search of a folder while the folder's time stays the
// same (load/files/memory-source.ts): a keystroke does not walk the folder, a file made or removed
// in it is found at the next load, and a time too close to the listing is not trusted.
import { utimesSync, writeFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { discoverFiles } from '../../src/load/files/discover.js';
import { LoadCache } from '../../src/load/load-cache.js';
import { tempDir } from './temp-dir.js';

const monitors = 'monitors: []\n';

function counted() {
  let walks = 0;
  const discover: typeof discoverFiles = (paths, cwd) => {
    walks += 1;
    return discoverFiles(paths, cwd);
  };
  return { discover, walks: () => walks };
}

const names = (d: { files: { display: string }[] }) => d.files.map((f) => f.display);
const anHourAgo = () => new Date(Date.now() - 3_600_000);

describe('LoadCache.discover', () => {
  it('reuses the last search while the folder is unchanged, and searches again when a file is made or removed', async () => {
    const dir = tempDir({ 'a.yaml': monitors, 'sub/b.yaml': monitors });
    utimesSync(dir, anHourAgo(), anHourAgo());
    utimesSync(path.join(dir, 'sub'), anHourAgo(), anHourAgo());
    const cache = new LoadCache(Date.now);
    const { discover, walks } = counted();
    expect(names(await cache.discover(['.'], dir, discover))).toEqual(['a.yaml', 'sub/b.yaml']);
    expect(names(await cache.discover(['.'], dir, discover))).toEqual(['a.yaml', 'sub/b.yaml']);
    expect(walks()).toBe(1);

    writeFileSync(path.join(dir, 'sub', 'c.yaml'), monitors); // a subfolder's time changes, not the root's
    expect(names(await cache.discover(['.'], dir, discover))).toEqual(['a.yaml', 'sub/b.yaml', 'sub/c.yaml']);
    expect(walks()).toBe(2);

    utimesSync(dir, anHourAgo(), anHourAgo());
    utimesSync(path.join(dir, 'sub'), anHourAgo(), anHourAgo());
    await cache.discover(['.'], dir, discover);
    rmSync(path.join(dir, 'a.yaml'));
    expect(names(await cache.discover(['.'], dir, discover))).toEqual(['sub/b.yaml', 'sub/c.yaml']);
  });

  it('does not trust a folder changed within the coarse clock of its listing, and forgets on request', async () => {
    const dir = tempDir({ 'a.yaml': monitors });
    const cache = new LoadCache(Date.now);
    const { discover, walks } = counted();
    await cache.discover(['.'], dir, discover);
    await cache.discover(['.'], dir, discover); // the folder was just written: searched again
    expect(walks()).toBe(2);

    utimesSync(dir, anHourAgo(), anHourAgo());
    await cache.discover(['.'], dir, discover);
    await cache.discover(['.'], dir, discover);
    expect(walks()).toBe(3);
    cache.forgetDiscovery();
    await cache.discover(['.'], dir, discover);
    expect(walks()).toBe(4);
    await cache.discover(['other'], dir, discover); // other paths: another search
    expect(walks()).toBe(5);

    const withoutClock = new LoadCache(); // validate's: nothing is kept
    await withoutClock.discover(['.'], dir, discover);
    await withoutClock.discover(['.'], dir, discover);
    expect(walks()).toBe(7);
  });
});
