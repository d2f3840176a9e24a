import type { RedisClient } from '../redis';
import { ChannelSubscription } from './channel-subscription';

/**
 * Tells waiting API processes that a request job reached a final state. The worker publishes after its
 * transaction commits, so a waiter that hears the id can read the finished row at once. Messages can be
 * lost (a reconnect), so waiters also re-check the row on a slow timer.
 */
export class JobEvents {
  private readonly waiters = new Map<string, Set<() => void>>();
  private readonly releases = new Set<() => void>();
  private readonly subscription: ChannelSubscription;
  /** Set by releaseAll: a request that starts waiting after it (it was mid-enqueue then) answers at once. */
  private released = false;

  constructor(
    private readonly publisher: RedisClient,
    subscriber: RedisClient,
    private readonly channel: string,
  ) {
    this.subscription = new ChannelSubscription(subscriber, channel, (id) => {
      for (const wake of this.waiters.get(id) ?? []) wake();
    });
  }

  /** True once releaseAll ran: the process is shutting down (its streams end; that is no client leaving). */
  get shuttingDown(): boolean {
    return this.released;
  }

  /** Waits in progress (for tests: a stream whose client left must stop waiting). */
  get waiting(): number {
    let n = 0;
    for (const set of this.waiters.values()) n += set.size;
    return n;
  }

  async publishDone(id: string): Promise<void> {
    await this.publisher.publish(this.channel, id);
  }

  /**
   * Resolves with `check()`'s first non-null answer, checking once now, on every completion message
   * for `id`, and every `pollMs`; resolves null after `timeoutMs`, or when `signal` aborts.
   */
  async waitFor<T>(id: string, timeoutMs: number, check: () => Promise<T | null>, pollMs = 1_000, signal?: AbortSignal): Promise<T | null> {
    if (this.released) return check();
    await this.ensureSubscribed();
    if (this.released) return check();
    if (signal?.aborted) return null;
    return new Promise<T | null>((resolve, reject) => {
      let settled = false;
      let checking = false;
      let again = false;
      const finish = (value: T | null, error?: unknown) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        clearInterval(poller);
        this.removeWaiter(id, onSignal);
        this.releases.delete(release);
        signal?.removeEventListener('abort', release);
        if (error) reject(error);
        else resolve(value);
      };
      // Checks never overlap; a signal that arrives mid-check schedules one more.
      const onSignal = () => {
        if (settled) return;
        if (checking) {
          again = true;
          return;
        }
        checking = true;
        check().then(
          (value) => {
            checking = false;
            if (value !== null) finish(value);
            else if (again) {
              again = false;
              onSignal();
            }
          },
          (error) => {
            checking = false;
            finish(null, error);
          },
        );
      };
      const release = () => finish(null);
      this.releases.add(release);
      signal?.addEventListener('abort', release, { once: true });
      const timer = setTimeout(release, timeoutMs);
      const poller = setInterval(onSignal, pollMs);
      this.addWaiter(id, onSignal);
      onSignal();
    });
  }

  /** Ends every wait now (answering "not yet"), so a shutting-down API can answer 202 and exit. */
  releaseAll(): void {
    this.released = true;
    for (const release of [...this.releases]) release();
  }

  private ensureSubscribed(): Promise<unknown> {
    return this.subscription.ensure();
  }

  private addWaiter(id: string, wake: () => void) {
    let set = this.waiters.get(id);
    if (!set) this.waiters.set(id, (set = new Set()));
    set.add(wake);
  }

  private removeWaiter(id: string, wake: () => void) {
    const set = this.waiters.get(id);
    if (!set) return;
    set.delete(wake);
    if (set.size === 0) this.waiters.delete(id);
  }
}
