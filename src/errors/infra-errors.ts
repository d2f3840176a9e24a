/** Tells an outage of Postgres or Redis apart from a bug, so the caller gets 503 (retry) and not 500. */
export type Dependency = 'Postgres' | 'Redis';

const PG_CONNECTION_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ENOTFOUND',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'CONNECT_TIMEOUT',
  'CONNECTION_CLOSED',
  'CONNECTION_ENDED',
  'CONNECTION_DESTROYED',
  '57P01', // admin_shutdown
  '57P03', // cannot_connect_now
  '53300', // too_many_connections (after DATABASE_POOL_TIMEOUT_MS of retries)
  'POOL_WAIT_TIMEOUT', // no free connection of the pool within DATABASE_POOL_TIMEOUT_MS (src/db/pool-gate.ts)
  '57014', // query_canceled: statement_timeout (DATABASE_QUERY_TIMEOUT_MS), the server is too slow now
]);

// READONLY: the node was a master and is now a replica (a failover); its connections are being moved.
// CLUSTERDOWN, TRYAGAIN and too many redirections: a Redis Cluster losing a master, or moving slots.
const REDIS_MESSAGES = [
  /enableOfflineQueue/i,
  /Connection is closed/i,
  /Reached the max retries per request/i,
  /^READONLY /,
  /^CLUSTERDOWN /,
  /^TRYAGAIN /,
  /Too many Cluster redirections/i,
  /Failed to refresh slots cache/i,
];

export function unavailableDependency(err: unknown): Dependency | null {
  for (let e = err as Record<string, unknown> | undefined, depth = 0; e && depth < 5; e = e.cause as typeof e, depth++) {
    const name = String(e.name ?? '');
    const message = String(e.message ?? '');
    if (name === 'MaxRetriesPerRequestError' || REDIS_MESSAGES.some((re) => re.test(message))) return 'Redis';
    const code = typeof e.code === 'string' ? e.code : '';
    if (PG_CONNECTION_CODES.has(code)) return 'Postgres';
  }
  return null;
}
