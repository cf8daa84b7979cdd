// Where a command's compiled code is kept (src/cli/start/code-cache-place.ts): Node's own
// switches are honoured, each user has a directory of their own, and a directory anyone
// else could write to is never trusted, since V8 runs what it reads from there.
import { describe, expect, it } from 'vitest';
import {
  codeCacheDirectory,
  codeCacheFileName,
  trustedCacheDirectory,
} from '../../../src/cli/start/code-cache-place.js';

const facts = { env: {}, tmpdir: '/tmp', sep: '/', uid: 1000 };
const own = { isDirectory: true, isSymbolicLink: false, uid: 1000, mode: 0o40700 };

describe('the place of the code cache', () => {
  it("is a directory of this user's under the temporary directory, by default", () => {
    expect(codeCacheDirectory(facts)).toBe('/tmp/monitors-compile-cache-1000');
    expect(codeCacheDirectory({ ...facts, tmpdir: '/var/tmp/' })).toBe('/var/tmp/monitors-compile-cache-1000');
    expect(codeCacheDirectory({ ...facts, tmpdir: 'C:\\Temp', sep: '\\', uid: undefined })).toBe(
      'C:\\Temp\\monitors-compile-cache',
    );
  });

  it("follows Node's NODE_COMPILE_CACHE, and NODE_DISABLE_COMPILE_CACHE turns it off", () => {
    expect(codeCacheDirectory({ ...facts, env: { NODE_COMPILE_CACHE: '/home/me/.cache/node' } })).toBe(
      '/home/me/.cache/node',
    );
    expect(codeCacheDirectory({ ...facts, env: { NODE_DISABLE_COMPILE_CACHE: '1' } })).toBeUndefined();
    expect(
      codeCacheDirectory({ ...facts, env: { NODE_DISABLE_COMPILE_CACHE: '1', NODE_COMPILE_CACHE: '/x' } }),
    ).toBeUndefined();
    expect(codeCacheDirectory({ ...facts, env: { NODE_COMPILE_CACHE: '' } })).toBe('/tmp/monitors-compile-cache-1000');
  });

  it('names a file by command, build, V8 version and processor, in characters any file system takes', () => {
    expect(codeCacheFileName('validate', '0123456789abcdef', '11.3.244.8-node.38', 'x64')).toBe(
      'validate-0123456789abcdef-v8-11.3.244.8_node.38-x64.cache',
    );
    expect(codeCacheFileName('validate', 'b', '1.2/3:4', 'arm64')).toBe('validate-b-v8-1.2_3_4-arm64.cache');
  });

  it("trusts only a real directory of this user's that no one else can write to", () => {
    expect(trustedCacheDirectory(own, 1000)).toBe(true);
    expect(trustedCacheDirectory({ ...own, mode: 0o40755 }, 1000)).toBe(true);
    expect(trustedCacheDirectory({ ...own, uid: 0 }, 1000)).toBe(false);
    expect(trustedCacheDirectory({ ...own, mode: 0o40777 }, 1000)).toBe(false);
    expect(trustedCacheDirectory({ ...own, mode: 0o40770 }, 1000)).toBe(false);
    expect(trustedCacheDirectory({ ...own, mode: 0o41777 }, 1000)).toBe(false);
    expect(trustedCacheDirectory({ ...own, isSymbolicLink: true }, 1000)).toBe(false);
    expect(trustedCacheDirectory({ ...own, isDirectory: false }, 1000)).toBe(false);
    // Without user ids (Windows), the temporary directory is the user's own.
    expect(trustedCacheDirectory({ ...own, mode: 0o40777 }, undefined)).toBe(true);
    expect(trustedCacheDirectory({ ...own, isSymbolicLink: true }, undefined)).toBe(false);
  });
});
