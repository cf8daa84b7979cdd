// How long one import takes, in a fresh process: `node dist/bench/import-time.js SPECIFIER`
// prints the milliseconds from before `import()` to after it (the module and everything it
// imports: reading, compiling, running their top level). startup.ts runs it per module.
const specifier = process.argv[2] ?? '';
const started = performance.now();
await import(specifier);
process.stdout.write(`${(performance.now() - started).toFixed(2)}\n`);
