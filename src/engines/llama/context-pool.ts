/**
 * Up to `max` items (llama contexts), made on first need and handed to one job at a time; a job that
 * finds them all busy waits for one to come back (or for its signal to abort the wait).
 */
export class ContextPool<T> {
  private readonly idle: T[] = [];
  private readonly waiters: Array<{ resolve: (item: T) => void; reject: (err: unknown) => void; signal?: AbortSignal; onAbort?: () => void }> = [];
  private made = 0;

  constructor(
    private readonly max: number,
    private readonly make: () => Promise<T>,
  ) {}

  /** Items in use or idle. */
  get size(): number {
    return this.made;
  }

  async acquire(signal?: AbortSignal): Promise<T> {
    signal?.throwIfAborted();
    const item = this.idle.pop();
    if (item !== undefined) return item;
    if (this.made < this.max) {
      this.made++;
      try {
        return await this.make();
      } catch (err) {
        this.made--;
        this.wakeOneToMake();
        throw err;
      }
    }
    return new Promise<T>((resolve, reject) => {
      const waiter: (typeof this.waiters)[number] = { resolve, reject, signal };
      if (signal) {
        waiter.onAbort = () => {
          const at = this.waiters.indexOf(waiter);
          if (at >= 0) this.waiters.splice(at, 1);
          reject(signal.reason);
        };
        signal.addEventListener('abort', waiter.onAbort, { once: true });
      }
      this.waiters.push(waiter);
    });
  }

  /** Gives an item back, to the longest waiter first. */
  release(item: T): void {
    const waiter = this.waiters.shift();
    if (!waiter) {
      this.idle.push(item);
      return;
    }
    if (waiter.onAbort) waiter.signal?.removeEventListener('abort', waiter.onAbort);
    waiter.resolve(item);
  }

  /** An item that broke and was disposed of: its place is free for a new one. */
  discard(): void {
    this.made--;
    this.wakeOneToMake();
  }

  private wakeOneToMake(): void {
    const waiter = this.waiters.shift();
    if (!waiter) return;
    if (waiter.onAbort) waiter.signal?.removeEventListener('abort', waiter.onAbort);
    this.acquire(waiter.signal).then(waiter.resolve, waiter.reject);
  }
}
