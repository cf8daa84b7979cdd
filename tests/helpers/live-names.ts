// What a server under test holds, by name: for end-to-end histories that check that every
// monitor exists exactly once. Stands in for a look at the dashboard; reads the server's
// own store (servers-under-test.ts), not the API the tool uses.
import type { ServerUnderTest } from './servers-under-test.js';

/** The server's monitors, name -> ids (a duplicate shows as two ids). */
export function liveNames(server: ServerUnderTest): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const m of server.monitors()) (out[m.input.name as string] ??= []).push(m.id);
  return out;
}
