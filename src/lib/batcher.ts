/**
 * Natural batching: callers add items one by one; while `maxInFlight` flushes are in flight, new items
 * wait and go out together in the next. Under light load every item is flushed alone at once (no added
 * latency); under heavy load many items share one round trip and one commit. More than one flush in
 * flight keeps the process busy while a flush waits on a commit (one flush at a time left it idle for
 * most of each round trip), at the cost of smaller batches.
 */
export class Batcher<T, R> {
  private queue: { item: T; resolve: (r: R) => void; reject: (e: unknown) => void }[] = [];
  private inFlight = 0;

  constructor(
    private readonly flush: (items: T[]) => Promise<R[]>,
    private readonly maxBatch = 500,
    private readonly maxInFlight = 1,
  ) {}

  add(item: T): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      this.queue.push({ item, resolve, reject });
      if (this.inFlight < this.maxInFlight) void this.drain();
    });
  }

  /**
   * Several items known at once (say, the rows one flush of another batcher returned): they go out
   * together, where adding them one by one would send the first alone at once (and the next alone too,
   * while slots are free).
   */
  addAll(items: T[]): Promise<R>[] {
    const added = items.map((item) => new Promise<R>((resolve, reject) => this.queue.push({ item, resolve, reject })));
    if (this.queue.length > 0 && this.inFlight < this.maxInFlight) void this.drain();
    return added;
  }

  /** One flush slot: sends what is waiting, then again while anything is, then frees the slot. */
  private async drain(): Promise<void> {
    this.inFlight++;
    try {
      while (this.queue.length > 0) {
        const batch = this.queue.splice(0, this.maxBatch);
        try {
          const results = await this.flush(batch.map((b) => b.item));
          batch.forEach((b, i) => b.resolve(results[i]!));
        } catch (err) {
          for (const b of batch) b.reject(err);
        }
      }
    } finally {
      this.inFlight--;
    }
  }
}
