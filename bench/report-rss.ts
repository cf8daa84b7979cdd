// Preloaded into a benchmarked child process (`node --import <this file> ...`): at exit,
// writes the process's own resource usage (peak RSS included) as JSON to the file named
// by BENCH_RUSAGE_FILE. Works wherever Node runs, unlike /usr/bin/time.
import { writeFileSync } from 'node:fs';

const target = process.env.BENCH_RUSAGE_FILE;
if (target) {
  process.on('exit', () => {
    writeFileSync(target, JSON.stringify(process.resourceUsage()));
  });
}
