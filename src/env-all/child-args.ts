// `plan|validate|status --env all`: the command line of one environment's run, made from
// the one given: `--env all` becomes `--env NAME` (or `--env NAME` is added, when `all`
// came from MONITORS_ENV, which the run does not get). A plan run always reports whether it
// has changes by its exit code (`--detailed-exitcode`), so that each section can say so;
// the combined exit code follows the flag as given.

export function childArgs(args: readonly string[], name: string, command: string): string[] {
  const out: string[] = [];
  let named = false;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === '--env' && i + 1 < args.length) {
      out.push('--env', name);
      named = true;
      i++;
    } else if (arg.startsWith('--env=')) {
      out.push(`--env=${name}`);
      named = true;
    } else out.push(arg);
  }
  if (!named) out.push('--env', name);
  if (command === 'plan' && !out.includes('--detailed-exitcode')) out.push('--detailed-exitcode');
  return out;
}
