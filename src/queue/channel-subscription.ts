import type { RedisClient } from '../redis';

/**
 * A subscription to one pub/sub channel, made on first use: `ensure()` resolves once the subscriber
 * connection listens on `channel`, and every message on it goes to `onMessage`. It subscribes only on a
 * ready connection (see Runtime.listenForInvalidations: ioredis's ready check races a connection already in
 * subscriber mode), and a subscription that failed is tried again by the next `ensure()`.
 */
export class ChannelSubscription {
  private subscribed: Promise<unknown> | null = null;
  private listening = false;

  constructor(
    private readonly subscriber: RedisClient,
    private readonly channel: string,
    private readonly onMessage: (message: string) => void,
  ) {}

  ensure(): Promise<unknown> {
    if (!this.subscribed) {
      if (this.subscriber.status !== 'ready') {
        this.subscribed = new Promise((resolve) => this.subscriber.once('ready', resolve)).then(() => {
          this.subscribed = null;
          return this.ensure();
        });
        return this.subscribed;
      }
      if (!this.listening) {
        this.listening = true;
        this.subscriber.on('message', (channel: string, message: string) => {
          if (channel === this.channel) this.onMessage(message);
        });
      }
      this.subscribed = this.subscriber.subscribe(this.channel).catch((err) => {
        this.subscribed = null;
        throw err;
      });
    }
    return this.subscribed;
  }
}
