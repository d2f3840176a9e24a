import type { RedisClient } from '../redis';
import { hashToken, newToken } from './one-time-token';

/** What a sign-up asked for, held until its email is confirmed. */
export interface SignUpRequest {
  email: string;
  accountName: string;
}

/**
 * Open sign-ups waiting for their email to be confirmed, in Redis under the link's hash with the link's
 * lifetime: nothing is created (no account, no user, no password) until the mailbox's owner opens the
 * link and chooses a password, so a page never has to say whether the email was free.
 */
export class SignUpRequests {
  constructor(
    private readonly redis: RedisClient,
    private readonly prefix: string,
    private readonly ttlMs: number,
  ) {}

  private key(token: string) {
    return `${this.prefix}:${hashToken(token)}`;
  }

  async create(request: SignUpRequest): Promise<{ token: string; expiresAt: Date }> {
    const { token } = newToken();
    await this.redis.set(this.key(token), JSON.stringify(request), 'PX', this.ttlMs);
    return { token, expiresAt: new Date(Date.now() + this.ttlMs) };
  }

  async peek(token: string): Promise<SignUpRequest | null> {
    return parse(await this.redis.get(this.key(token)));
  }

  /** Reads and deletes in one step: of two requests using one link, only one gets it. */
  async take(token: string): Promise<SignUpRequest | null> {
    return parse(await this.redis.getdel(this.key(token)));
  }
}

function parse(value: string | null): SignUpRequest | null {
  if (!value) return null;
  const parsed = JSON.parse(value) as Partial<SignUpRequest>;
  return typeof parsed.email === 'string' && typeof parsed.accountName === 'string' ? { email: parsed.email, accountName: parsed.accountName } : null;
}
