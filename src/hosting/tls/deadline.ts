/** A wall-clock budget shared by every step of a multi-request operation. */
export interface Deadline {
  /** Throws the timeout error once the budget is spent; call between steps. */
  check(): void;
  /** Waits `ms`, cut short (and then throwing) if the budget runs out first. */
  sleep(ms: number): Promise<void>;
  /** Settles with `work`, or rejects with the timeout error when the budget runs out first. */
  race<T>(work: Promise<T>): Promise<T>;
  /** Releases the timer so nothing keeps the event loop alive. */
  clear(): void;
}

export function createDeadline(timeoutMs: number): Deadline {
  const endsAt = Date.now() + timeoutMs;
  const timeoutError = () => new Error(`timed out after ${timeoutMs} ms`);
  let expire: (() => void) | undefined;
  const expired = new Promise<never>((_, reject) => {
    expire = () => reject(timeoutError());
  });
  // Without a handler, an expiry nobody is racing would surface as an unhandled rejection.
  expired.catch(() => {});
  const timer = setTimeout(() => expire?.(), Math.max(0, timeoutMs));

  return {
    check() {
      if (Date.now() >= endsAt) throw timeoutError();
    },
    async sleep(ms) {
      const remaining = endsAt - Date.now();
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, Math.min(ms, remaining))));
      this.check();
    },
    race(work) {
      return Promise.race([work, expired]);
    },
    clear() {
      clearTimeout(timer);
    },
  };
}
