// The options `monitors destroy` parses: those of every writing command. Apart from destroy.ts
// so that destroy-run.ts, which destroy.ts imports lazily, can name them without an import circle.
export type { WriteOptions as DestroyOptions } from '../steps/write-settings.js';
