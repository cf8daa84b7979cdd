// V8's cache of a command's compiled code on disk (the place: code-cache-place.ts). Reading
// and writing never fail a command: a cache that cannot be read is compiled again, one that
// cannot be written is not kept. A write goes to a file of its own first and is renamed into
// place, so that a reader (another run at the same moment) sees a whole cache or none. The
// directory is made and checked once per run, for the command's script and the libraries'.
import { codeCacheDirectory, codeCacheFileName, trustedCacheDirectory } from './code-cache-place.js';

export interface CodeCache {
  /** The cache written by an earlier run, if any. */
  read(): Buffer | undefined;
  write(data: Buffer): void;
}

/** The directory of the caches, made and trusted: a cache per script in it. */
export interface CodeCacheDirectory {
  /** The cache of the script `name` of build `build`. */
  cache(name: string, build: string): CodeCache;
}

/** The directory of this run's caches, or undefined when there is none to trust (or caching is off). */
export function openCodeCacheDirectory(): CodeCacheDirectory | undefined {
  const fs = process.getBuiltinModule('node:fs');
  const { sep } = process.getBuiltinModule('node:path');
  const uid = process.getuid?.();
  const dir = codeCacheDirectory({ env: process.env, tmpdir: process.getBuiltinModule('node:os').tmpdir(), sep, uid });
  if (dir === undefined) return undefined;
  try {
    fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
    const stat = fs.lstatSync(dir);
    const facts = {
      isDirectory: stat.isDirectory(),
      isSymbolicLink: stat.isSymbolicLink(),
      uid: stat.uid,
      mode: stat.mode,
    };
    if (!trustedCacheDirectory(facts, uid)) return undefined;
  } catch {
    return undefined;
  }
  return {
    cache: (name, build) =>
      fileCache(`${dir}${sep}${codeCacheFileName(name, build, process.versions.v8, process.arch)}`),
  };
}

function fileCache(file: string): CodeCache {
  const fs = process.getBuiltinModule('node:fs');
  return {
    read() {
      try {
        return fs.lstatSync(file).isFile() ? fs.readFileSync(file) : undefined;
      } catch {
        return undefined;
      }
    },
    write(data) {
      const part = `${file}.${process.pid}.part`;
      try {
        fs.writeFileSync(part, data, { mode: 0o600, flag: 'wx' });
        fs.renameSync(part, file);
      } catch {
        try {
          fs.rmSync(part, { force: true });
        } catch {
          // nothing was kept: the next run compiles again
        }
      }
    },
  };
}
