import type { RedisOptions } from 'ioredis';
import { redisDatabaseOf } from './pubsub-channels';

export interface SentinelAddress {
  host: string;
  port: number;
}

/** The settings of a Redis found through Sentinel (see docs/operations.md, "Redis Sentinel"). */
export interface SentinelSettings {
  /** Where the data nodes' password, database and TLS come from; its host and port are not used. */
  REDIS_URL: string;
  REDIS_SENTINELS: SentinelAddress[];
  REDIS_SENTINEL_MASTER: string;
  REDIS_SENTINEL_USERNAME?: string;
  REDIS_SENTINEL_PASSWORD?: string;
}

const DEFAULT_SENTINEL_PORT = 26379;
const HOST_PORT = /^(?:\[([0-9A-Fa-f:.]+)\]|([A-Za-z0-9.-]+))(?::(\d{1,5}))?$/;

/** `host:port,[::1]:26380,host` → addresses (26379 when a port is left out); null when an entry is not one. */
export function parseSentinelList(spec: string): SentinelAddress[] | null {
  const entries = spec
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (entries.length === 0) return null;
  const addresses: SentinelAddress[] = [];
  for (const entry of entries) {
    const m = HOST_PORT.exec(entry);
    const port = m?.[3] === undefined ? DEFAULT_SENTINEL_PORT : Number(m[3]);
    if (!m || port < 1 || port > 65535) return null;
    addresses.push({ host: m[1] ?? m[2]!, port });
  }
  return addresses;
}

/**
 * After a failover the former master is turned into a replica: a connection still on it (or a command
 * answered during the switch) gets READONLY. Reconnecting asks the sentinels for the master again, and
 * `2` sends the refused command there: it was not run, so running it once is safe.
 */
export function reconnectOnReadonly(err: Error): 2 | false {
  return err.message.startsWith('READONLY') ? 2 : false;
}

/**
 * ioredis options for a connection to the master the sentinels name. The data nodes take their
 * password, username, database and TLS (`rediss:`) from REDIS_URL; the sentinels take theirs from the
 * REDIS_SENTINEL_* settings, and TLS when REDIS_URL asks for it.
 */
export function sentinelConnectionOptions(settings: SentinelSettings): RedisOptions {
  const url = new URL(settings.REDIS_URL);
  const tls = url.protocol === 'rediss:';
  return {
    sentinels: settings.REDIS_SENTINELS,
    name: settings.REDIS_SENTINEL_MASTER,
    username: url.username ? decodeURIComponent(url.username) : undefined,
    password: url.password ? decodeURIComponent(url.password) : undefined,
    // The same reading of the database as the pub/sub channels' names (src/pubsub-channels.ts).
    db: redisDatabaseOf(settings.REDIS_URL),
    sentinelUsername: settings.REDIS_SENTINEL_USERNAME,
    sentinelPassword: settings.REDIS_SENTINEL_PASSWORD,
    ...(tls ? { tls: {}, enableTLSForSentinelMode: true, sentinelTLS: {} } : {}),
    // Without it a connection stays on the former master until the sentinels demote it (about 10 s
    // later), and what it writes there meanwhile is lost when that node resyncs from the new master. With
    // it, each connection listens for the sentinels' +switch-master and moves at once.
    failoverDetector: true,
    reconnectOnError: reconnectOnReadonly,
    // The sentinels all unreachable: keep asking, as a lost single Redis is retried (capped back-off).
    sentinelRetryStrategy: (attempt) => Math.min(attempt * 250, 5_000),
    sentinelReconnectStrategy: (attempt) => Math.min(attempt * 250, 5_000),
  };
}
