// What `monitors sim` says on stderr once it listens: the variables the other commands read,
// as one `export` line ready to paste into another shell, and whether its monitors outlive
// it. stdout keeps its contract (the base URL, then a generated token) for scripts.

export interface PasteLinesInput {
  baseUrl: string;
  /** The token it generated; a token the user gave (--token, --tokens-file) is never echoed. */
  generatedToken: string | undefined;
  tokenFrom: 'generated' | 'flag' | 'file';
  stateFile: string | undefined;
}

export function pasteLines(input: PasteLinesInput): string[] {
  const token =
    input.tokenFrom === 'generated' ? ` MONITORS_API_TOKEN=${input.generatedToken ?? ''}` : ' MONITORS_API_TOKEN=...';
  const whose =
    input.tokenFrom === 'flag'
      ? '  # in place of ...: the --token you gave'
      : input.tokenFrom === 'file'
        ? '  # in place of ...: a token of your --tokens-file'
        : '';
  const state =
    input.stateFile !== undefined
      ? `# Its monitors are kept in ${quoted(input.stateFile)}: saved after each change, loaded on the next start.`
      : '# Its monitors live in memory and are gone when it stops: start it with --state FILE to keep them across restarts.';
  return [
    `# In another shell, paste this line; then monitors plan, apply, status... talk to this simulator:`,
    `export MONITORS_API_URL=${input.baseUrl}${token}${whose}`,
    state,
  ];
}

function quoted(path: string): string {
  return /^[\w./-]+$/.test(path) ? path : JSON.stringify(path);
}
