// Where a command's compiled code is kept between runs (command-script.ts), decided from plain
// facts: the directory Node's own compile cache would use when the user names one
// (NODE_COMPILE_CACHE), none when the user turns Node's off (NODE_DISABLE_COMPILE_CACHE),
// else one of this user's own under the temporary directory, as Node 22's default is. V8
// runs what it reads from there, so a directory another user could write to is never read.

/** What decides the directory: the environment, the temporary directory, this user's id (none on Windows). */
export interface CachePlaceFacts {
  env: Readonly<Record<string, string | undefined>>;
  tmpdir: string;
  sep: string;
  uid: number | undefined;
}

/** The directory of the code caches, or undefined when caching is off. */
export function codeCacheDirectory({ env, tmpdir, sep, uid }: CachePlaceFacts): string | undefined {
  if (env.NODE_DISABLE_COMPILE_CACHE) return undefined;
  if (env.NODE_COMPILE_CACHE) return env.NODE_COMPILE_CACHE;
  const trimmed = tmpdir.endsWith(sep) ? tmpdir.slice(0, -sep.length) : tmpdir;
  return `${trimmed}${sep}monitors-compile-cache${uid === undefined ? '' : `-${uid}`}`;
}

/**
 * The file of one command's cache: the build of its script (a hash of its text), the V8 that
 * compiled it and the processor. V8 rejects a cache of another version or flags anyway; the
 * name keeps two installs, or two Node versions, from overwriting each other's.
 */
export function codeCacheFileName(command: string, build: string, v8: string, arch: string): string {
  return `${command}-${build}-v8-${v8.replace(/[^0-9A-Za-z.]/g, '_')}-${arch}.cache`;
}

/** What lstat says of the directory. */
export interface DirectoryFacts {
  isDirectory: boolean;
  isSymbolicLink: boolean;
  uid: number;
  mode: number;
}

/**
 * A directory whose files this process may run: a real directory (not a link to elsewhere),
 * this user's, that no group or other user can write to. Where there are no user ids
 * (Windows), the temporary directory is the user's own and its mode bits mean nothing.
 */
export function trustedCacheDirectory(facts: DirectoryFacts, uid: number | undefined): boolean {
  if (!facts.isDirectory || facts.isSymbolicLink) return false;
  if (uid === undefined) return true;
  return facts.uid === uid && (facts.mode & 0o022) === 0;
}
