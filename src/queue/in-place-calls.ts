import { ChannelSubscription } from './channel-subscription';
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
  private readonly cancels: ChannelSubscription;

  constructor(subscriber: RedisClient, channel: string) {
    this.cancels = new ChannelSubscription(subscriber, channel, (id) => this.calls.get(id)?.abort(CANCEL_REASONS.requested));
  }

  async start(id: string): Promise<InPlaceCall> {
    await this.cancels.ensure();
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
}
