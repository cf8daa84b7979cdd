// Every handler of the server runs guarded: an exception in one answers nothing (null)
// instead of ending the server, and is logged by its kind and the handler's name only,
// never its message, which could quote a value of the file (a secret).
export function guarded<A extends unknown[], R>(
  log: (message: string) => void,
  name: string,
  handler: (...args: A) => R,
): (...args: A) => R | null {
  return (...args: A) => {
    try {
      const result = handler(...args);
      if (result instanceof Promise)
        return result.catch((e: unknown) => {
          log(describe(name, e));
          return null;
        }) as R;
      return result;
    } catch (e) {
      log(describe(name, e));
      return null;
    }
  };
}

function describe(name: string, e: unknown): string {
  const where = e instanceof Error ? (e.stack?.split('\n')[1]?.trim() ?? '') : '';
  return `monitors lsp: ${name} failed (${e instanceof Error ? e.name : typeof e}) ${where}`.trim();
}
