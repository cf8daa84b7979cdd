// Attempts whose time ran out while waiting for a resolver: the timeout is the resolver's,
// and the attempt's reason says so (net/errors.ts words it, net/dns-servers.ts marks it).
const waiting = new WeakMap<AbortSignal, string>();

/** While `signal`'s attempt waits for the resolvers `who` names ("the DNS server 127.0.0.1:53"). */
export function markWaiting(signal: AbortSignal, who: string): void {
  waiting.set(signal, who);
}

export function unmarkWaiting(signal: AbortSignal): void {
  waiting.delete(signal);
}

/** The resolvers an aborted attempt was still waiting for, if it was. */
export function waitedForDns(signal: AbortSignal | undefined): string | undefined {
  return signal ? waiting.get(signal) : undefined;
}
