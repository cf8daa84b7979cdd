// Types of the two undici files undici-parts.ts requires directly (not its index):
// the same classes and functions the index exports, typed by undici's own declarations.
declare module 'undici/lib/dispatcher/agent.js' {
  import { Agent } from 'undici';
  export default Agent;
}
declare module 'undici/lib/api/api-request.js' {
  import type { Dispatcher } from 'undici';
  export default function request(
    this: Dispatcher,
    options: Dispatcher.RequestOptions,
  ): Promise<Dispatcher.ResponseData>;
}
