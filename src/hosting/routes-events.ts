import type { Redis } from 'ioredis';

/**
 * Tells every edge process that what a host serves has changed (publish, rollback, domain verified or
 * removed, certificate issued); each reloads its routing table at once.
 */
export async function announceRoutesChanged(publisher: Redis, channel: string): Promise<void> {
  await publisher.publish(channel, String(Date.now()));
}
