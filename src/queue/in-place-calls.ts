import { CANCEL_REASONS } from './job-cancel';
import type { RedisClient } from '../redis';

/** One call the web process is answering in place: its signal stops the provider. */
export interface InPlaceCall {
  readonly signal: AbortSignal;
  abort(reason: string): void;
  /** Forgets the call (it has ended): a cancel for it now finds nothing here. */
  done(): void;
}

/**
 * The calls this web process is answering in place (src/api/answer-in-place.ts), each stoppable from any
 * web process as a queued job is: POST /v1/jobs/{id}/cancel finds the call in its account's lane
 * (src/api/in-place-lane.ts) and publishes its id on the `jobCancel` channel (src/queue/job-cancel.ts); the
 * process running it aborts the call's signal with the `requested` reason. A call is registered before it
 * enters the lane, so a cancel that can see it there cannot arrive before this process listens for it.
 */
export class InPlaceCalls {
  private readonly calls = new Map<string, AbortController>();
  private subscribed: Promise<unknown> | null = null;

  constructor(
    private readonly subscriber: RedisClient,
    private readonly channel: string,
  ) {}

  async start(id: string): Promise<InPlaceCall> {
    await this.ensureSubscribed();
    const controller = new AbortController();
    this.calls.set(id, controller);
    return {
      signal: controller.signal,
      abort: (reason) => controller.abort(reason),
      done: () => {
        if (this.calls.get(id) === controller) this.calls.delete(id);
      },
    };
  }

  /** Calls running now (for tests). */
  get running(): number {
    return this.calls.size;
  }

  private ensureSubscribed(): Promise<unknown> {
    if (!this.subscribed) {
      if (this.subscriber.status !== 'ready') {
        // As JobEvents: subscribe only on a ready connection (ioredis's ready check may not run in subscriber mode).
        this.subscribed = new Promise((resolve) => this.subscriber.once('ready', resolve)).then(() => {
          this.subscribed = null;
          return this.ensureSubscribed();
        });
        return this.subscribed;
      }
      this.subscriber.on('message', (channel: string, id: string) => {
        if (channel === this.channel) this.calls.get(id)?.abort(CANCEL_REASONS.requested);
      });
      this.subscribed = this.subscriber.subscribe(this.channel).catch((err) => {
        this.subscribed = null;
        throw err;
      });
    }
    return this.subscribed;
  }
}
