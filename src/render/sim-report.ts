// What `monitors sim` prints on stdout once it listens: its contract for scripts, the base URL
// on the first line, then the token it generated (a token the user gave is never echoed).
// The lines for people (stderr) are src/sim/paste-lines.ts's.

export function simListeningText(baseUrl: string, generatedToken: string | undefined): string {
  return `${baseUrl}\n${generatedToken ? `token: ${generatedToken}\n` : ''}`;
}
