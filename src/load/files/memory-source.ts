// Texts from memory in place of the files on disk: the language server's unsaved buffers,
// served to the loader as if read from disk (what one load keeps for the next is
// load-cache.ts). Validate passes none and reads the disk.
import type { ReadProblem } from './read-file.js';

/** The bytes of a file from memory, or undefined to read it from disk as usual. */
export type ReadSource = (abs: string) => { bytes: Buffer } | ReadProblem | undefined;
