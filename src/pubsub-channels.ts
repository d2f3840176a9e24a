/**
 * Pub/sub ignores SELECT: a message published on database 1 reaches a subscriber on database 2 of the same
 * server. Two installations sharing a Redis server by database (`…/1`, `…/2`) with the same REDIS_PREFIX
 * would hear each other, so every channel is named by the prefix and the logical database.
 */
export function redisDatabaseOf(redisUrl: string): number {
  const url = new URL(redisUrl);
  // ioredis reads the database from the path (`/2`), or from `?db=2`.
  const fromPath = url.pathname.replace(/^\//, '');
  const db = fromPath || url.searchParams.get('db') || '0';
  return /^\d+$/.test(db) ? Number(db) : 0;
}

/** The scope of an installation's channels: `kiln:db1`. */
export function channelScope(redisPrefix: string, redisUrl: string): string {
  return `${redisPrefix}:db${redisDatabaseOf(redisUrl)}`;
}

export interface EventChannels {
  jobDone: string;
  keyRevoked: string;
  accountChanged: string;
  usageChanged: string;
  routesChanged: string;
  /** An account's transaction wrote webhook events to the outbox: the relay wakes (it also polls). */
  webhookEvents: string;
  /** A request job is to be cancelled (message: the job id): the worker running it aborts it (src/queue/job-cancel.ts). */
  jobCancel: string;
  /** A build wrote log lines for a deployment, or its status turned final (message: the deployment id): live log readers read on. */
  deploymentLog: string;
}

export function eventChannels(redisPrefix: string, redisUrl: string): EventChannels {
  const scope = channelScope(redisPrefix, redisUrl);
  return {
    jobDone: `${scope}:events:job-done`,
    keyRevoked: `${scope}:events:key-revoked`,
    accountChanged: `${scope}:events:account-changed`,
    usageChanged: `${scope}:events:usage-changed`,
    routesChanged: `${scope}:events:routes-changed`,
    webhookEvents: `${scope}:events:webhooks`,
    deploymentLog: `${scope}:events:deployment-log`,
    jobCancel: `${scope}:events:job-cancel`,
  };
}
