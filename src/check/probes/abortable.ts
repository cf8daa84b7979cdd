/**
 * A promise over callback I/O that rejects with the signal's reason when it aborts (our
 * timeout), after running the cleanup the I/O registered (close the socket, cancel the query).
 */
export function abortable<T>(
  signal: AbortSignal,
  start: (
    resolve: (value: T) => void,
    reject: (error: unknown) => void,
    onAbort: (cleanup: () => void) => void,
  ) => void,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const cleanups: Array<() => void> = [];
    const abort = () => {
      for (const cleanup of cleanups) cleanup();
      reject(signal.reason);
    };
    if (signal.aborted) return abort();
    signal.addEventListener('abort', abort, { once: true });
    const done = () => signal.removeEventListener('abort', abort);
    start(
      (value) => {
        done();
        resolve(value);
      },
      (error) => {
        done();
        for (const cleanup of cleanups) cleanup();
        reject(error);
      },
      (cleanup) => cleanups.push(cleanup),
    );
  });
}
