/**
 * Serialises async work per key within this process. Used by the local driver
 * so that two concurrent puts of one key cannot interleave their data and
 * metadata renames (which would pair one put's bytes with the other's type).
 */
export function createKeyLock(): <T>(key: string, work: () => Promise<T>) => Promise<T> {
  const tails = new Map<string, Promise<unknown>>();

  return async function withKeyLock<T>(key: string, work: () => Promise<T>): Promise<T> {
    const previous = tails.get(key) ?? Promise.resolve();
    const run = previous.then(work, work);
    const tail = run.catch(() => undefined);
    tails.set(key, tail);
    try {
      return await run;
    } finally {
      // Only the last waiter may drop the entry, or the map would forget a
      // queued put and let the next one run concurrently with it.
      if (tails.get(key) === tail) tails.delete(key);
    }
  };
}
