import { createHash } from 'node:crypto';

/**
 * Kiln's Redis key names. On one server they are `PREFIX:…` as always. On a cluster (REDIS_CLUSTER_NODES)
 * the keys one command or script uses together must lie in one slot, so each such group is hash-tagged
 * (`{…}`: only the tag decides the slot) — and by group, not as one tag for everything, so the groups
 * spread over the masters:
 * - a queue: BullMQ's keys and its fair-order keys (`kiln:{text}:text:wait`, `kiln:{text}:fair:text:clock`);
 * - an account's rate-limit buckets (its own and its keys'), in one script;
 * - a throttle's counters (per email and per address, in one script);
 * - job event streams, in a few buckets: one blocked XREAD per bucket reads every watched stream in it.
 */
export interface KeyspaceSettings {
  REDIS_PREFIX: string;
  REDIS_CLUSTER_NODES?: string | undefined;
}

/** How many slots the job event streams are spread over on a cluster (a web process blocks at most one reader on each). */
export const JOB_STREAM_BUCKETS = 8;

export class Keyspace {
  readonly prefix: string;
  readonly clustered: boolean;

  constructor(settings: KeyspaceSettings) {
    this.prefix = settings.REDIS_PREFIX;
    this.clustered = Boolean(settings.REDIS_CLUSTER_NODES);
  }

  /** `{name}` on a cluster, `name` otherwise. */
  tag(name: string): string {
    return this.clustered ? `{${name}}` : name;
  }

  /** A family of keys that scripts use together: `kiln:signin` (`kiln:{signin}` on a cluster). */
  group(name: string): string {
    return `${this.prefix}:${this.tag(name)}`;
  }

  /** The BullMQ prefix of a queue: `kiln` on one server, `kiln:{text}` on a cluster (one slot per queue). */
  queuePrefix(queue: string): string {
    return this.clustered ? `${this.prefix}:{${queue}}` : this.prefix;
  }

  /** A request job's event stream (src/queue/job-stream.ts). */
  jobStream(jobId: string): string {
    if (!this.clustered) return `${this.prefix}:job-stream:${jobId}`;
    const bucket = createHash('sha1').update(jobId).digest().readUInt32BE(0) % JOB_STREAM_BUCKETS;
    return `${this.prefix}:job-stream:{js${bucket}}:${jobId}`;
  }

  /** Set when a request job is to be cancelled, so a worker that starts it later still sees it (src/queue/job-cancel.ts). */
  jobCancel(jobId: string): string {
    return `${this.prefix}:job-cancel:${jobId}`;
  }

  /** The provider calls an account has running in web processes now (src/api/in-place-lane.ts). */
  inPlaceLane(accountId: string): string {
    return `${this.prefix}:in-place:${accountId}`;
  }

  /** Who is reading a job's event stream now: a sorted set of reader ids scored by when each lapses. */
  jobReaders(jobId: string): string {
    return `${this.prefix}:job-readers:${jobId}`;
  }
}

/** The hash tag of a key (what decides its slot), or '' when it has none. */
export function hashTagOf(key: string): string {
  const open = key.indexOf('{');
  if (open === -1) return '';
  const close = key.indexOf('}', open + 1);
  return close > open + 1 ? key.slice(open + 1, close) : '';
}
