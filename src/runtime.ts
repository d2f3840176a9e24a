import { createFileChatProvider, type FileChatProvider } from './engines/filechat';
import type { RedisClient } from './redis';
import { KeyUseRecorder } from './accounts/key-use-recorder';
import { PrincipalCache } from './accounts/principal-cache';
import { s3OptionsOf } from './storage/s3-options';
import { RateLimiter } from './billing/rate-limiter';
import { UsageCache } from './billing/usage-cache';
import { DeploymentIntake } from './hosting/deployment-intake';
import { SiteOwners } from './hosting/site-owners';
import type { Config } from './config';
import { InPlaceCalls } from './queue/in-place-calls';
import { createEmbedder, type Embedder } from './engines/embeddings/embedder';
import { connectDatabase, type Database, type Db } from './db/client';
import { createImageProvider, type ImageProvider } from './engines/image';
import { createTextProvider, type TextProvider } from './engines/text';
import { createSpeechProvider } from './engines/voice/provider';
import type { SpeechProvider } from './engines/voice/types';
import { createLogger, type Logger } from './logger';
import { JobEvents } from './queue/job-events';
import { JobStreamReader } from './queue/job-stream-reader';
import { Queues } from './queue/queues';
import { createRedis } from './redis';
import { Keyspace } from './redis-keys';
import { eventChannels, type EventChannels } from './pubsub-channels';
import { edgeRegistryKey } from './hosting/edge-registry';
import { createBlobStore, type BlobStore } from './storage';
import { EngineThreads } from './threads/pool';
import { createThreadedImageProvider, createThreadedSpeechProvider } from './threads/providers';

/**
 * The process's connections and shared services, built once from the config and closed once. Every
 * role (web, worker, all-in-one, tests) gets its parts from here, so they are wired the same way.
 */
export interface Runtime {
  config: Config;
  log: Logger;
  database: Database;
  db: Db;
  /** Fail-fast connection for request-time commands (rate limits, publishing). */
  redis: RedisClient;
  /** Pub/sub connection: job completions, key revocations, account changes and usage changes. */
  subscriber: RedisClient;
  queues: Queues;
  jobEvents: JobEvents;
  /** The same waiting, on the deployment-log channel: a live build log hears its deployment's lines (src/api/deployment-log-stream.ts). */
  deploymentLogEvents: JobEvents;
  /** Live reads of jobs' event streams (streamed text) on one dedicated blocking connection, opened on first use. */
  /** The chat completions this web process answers in place, stoppable by POST /v1/jobs/{id}/cancel from any web process. */
  inPlaceCalls: InPlaceCalls;
  jobStreams: JobStreamReader;
  principals: PrincipalCache;
  /** When each API key was last used: noted per request, written to Postgres from a timer. */
  keyUses: KeyUseRecorder;
  rateLimiter: RateLimiter;
  usage: UsageCache;
  siteOwners: SiteOwners;
  deploymentIntake: DeploymentIntake;
  store: BlobStore;
  imageProvider: ImageProvider;
  speechProvider: SpeechProvider;
  textProvider: TextProvider;
  fileChatProvider: FileChatProvider;
  /** Sentence vectors for file chat and the plagiarism check (EMBEDDINGS_PROVIDER). */
  embedder: Embedder;
  /** Worker threads for the engines' CPU-heavy work (started on first use, ended by `close`). */
  threads: EngineThreads;
  /** Kiln's Redis key names, hash-tagged by group on a cluster (src/redis-keys.ts). */
  keys: Keyspace;
  /** Pub/sub channels, named by REDIS_PREFIX and the logical database (pub/sub ignores SELECT). */
  channels: EventChannels;
  /** The sorted set of live edge processes (member: edge id, score: when its heartbeat expires). */
  edgeRegistry: string;
  /** Subscribes the caches an API process keeps to their invalidation events. */
  listenForInvalidations(): Promise<void>;
  close(): Promise<void>;
}

export function createRuntime(config: Config, role: string, log = createLogger({ level: config.LOG_LEVEL, role })): Runtime {
  const database = connectDatabase(config.DATABASE_URL, {
    max: config.DATABASE_POOL_SIZE,
    connectTimeoutMs: config.DATABASE_CONNECT_TIMEOUT_MS,
    queryTimeoutMs: role === 'worker' ? config.DATABASE_WORKER_QUERY_TIMEOUT_MS : config.DATABASE_QUERY_TIMEOUT_MS,
    // A worker's statements may run DATABASE_WORKER_QUERY_TIMEOUT_MS, so a job may wait as long for one to
    // free its connection: nobody waits on a job for a 503, and a failed wait is a failed attempt, run again.
    poolTimeoutMs: role === 'worker' ? Math.max(config.DATABASE_POOL_TIMEOUT_MS, config.DATABASE_WORKER_QUERY_TIMEOUT_MS) : config.DATABASE_POOL_TIMEOUT_MS,
    prepare: config.DATABASE_PREPARE,
    log,
  });
  const redis = createRedis(config, 'command');
  const subscriber = createRedis(config, 'subscriber');
  const prefix = config.REDIS_PREFIX;
  const channels = eventChannels(prefix, config.REDIS_URL);
  const keys = new Keyspace(config);
  const queues = new Queues(redis, keys);
  const store = createBlobStore({
    driver: config.STORAGE_DRIVER,
    localDir: config.STORAGE_DIR,
    s3: s3OptionsOf(config),
  });
  const threads = new EngineThreads(config.ENGINE_THREADS);
  // The built-in engines run on the threads; a remote provider only waits on the network.
  const imageProvider =
    config.IMAGE_PROVIDER === 'local'
      ? createThreadedImageProvider(threads)
      : createImageProvider({
          provider: config.IMAGE_PROVIDER,
          openaiBaseUrl: config.OPENAI_BASE_URL,
          openaiApiKey: config.OPENAI_API_KEY,
          openaiModel: config.OPENAI_IMAGE_MODEL,
        });
  const textProvider = createTextProvider({
    provider: config.TEXT_PROVIDER,
    openaiBaseUrl: config.OPENAI_BASE_URL,
    openaiApiKey: config.OPENAI_API_KEY,
    openaiModel: config.OPENAI_TEXT_MODEL,
    llama: {
      modelPath: config.LLAMA_MODEL_PATH,
      contexts: config.LLAMA_CONTEXTS,
      contextSize: config.LLAMA_CONTEXT_SIZE,
      threads: config.LLAMA_THREADS,
      memoryReserveMb: config.LLAMA_MEMORY_RESERVE_MB,
    },
  });
  const fileChatProvider = createFileChatProvider({
    provider: config.FILE_CHAT_PROVIDER,
    baseUrl: config.OPENAI_BASE_URL,
    apiKey: config.OPENAI_API_KEY,
    model: config.OPENAI_TEXT_MODEL,
  });
  const embedder = createEmbedder({
    provider: config.EMBEDDINGS_PROVIDER,
    openaiBaseUrl: config.OPENAI_BASE_URL,
    openaiApiKey: config.OPENAI_API_KEY,
    openaiModel: config.OPENAI_EMBEDDINGS_MODEL,
    llama: {
      modelPath: config.LLAMA_EMBEDDINGS_MODEL_PATH,
      contexts: config.LLAMA_CONTEXTS,
      contextSize: config.LLAMA_CONTEXT_SIZE,
      threads: config.LLAMA_THREADS,
      memoryReserveMb: config.LLAMA_MEMORY_RESERVE_MB,
    },
  });
  const speechProvider =
    config.SPEECH_PROVIDER === 'local'
      ? createThreadedSpeechProvider(threads)
      : createSpeechProvider({
          provider: config.SPEECH_PROVIDER,
          openaiBaseUrl: config.OPENAI_BASE_URL,
          openaiApiKey: config.OPENAI_API_KEY,
          openaiModel: config.OPENAI_SPEECH_MODEL,
          openaiVoice: config.OPENAI_SPEECH_VOICE,
        });

  const keyUses = new KeyUseRecorder(database.db, log, config.KEY_LAST_USED_INTERVAL_MS);

  const jobStreams = new JobStreamReader(config, redis);
  const deploymentIntake = new DeploymentIntake(database.sql, queues);

  let closed: Promise<void> | null = null;
  return {
    config,
    log,
    database,
    db: database.db,
    redis,
    subscriber,
    queues,
    jobEvents: new JobEvents(redis, subscriber, channels.jobDone),
    deploymentLogEvents: new JobEvents(redis, subscriber, channels.deploymentLog),
    inPlaceCalls: new InPlaceCalls(subscriber, channels.jobCancel),
    jobStreams,
    principals: new PrincipalCache(database.db, channels),
    keyUses,
    rateLimiter: new RateLimiter(redis, `${prefix}:ratelimit`, 60_000, keys.clustered),
    usage: new UsageCache(database.db, channels.usageChanged),
    siteOwners: new SiteOwners(database.db),
    deploymentIntake,
    store,
    imageProvider,
    speechProvider,
    textProvider,
    fileChatProvider,
    embedder,
    threads,
    channels,
    keys,
    edgeRegistry: edgeRegistryKey(prefix),
    async listenForInvalidations() {
      // Subscribing before the connection is ready races ioredis's ready check (INFO), which a
      // connection already in subscriber mode may not send.
      await waitForRedis(subscriber);
      await this.principals.listen(subscriber);
      await this.usage.listen(subscriber);
    },
    close() {
      closed ??= (async () => {
        // Before the database closes: the uses noted since the last write go out now.
        await keyUses.close();
        await threads.close();
        // Builds of deployments just created go to the queue before its connection closes.
        await deploymentIntake.settled();
        await queues.close().catch(() => {});
        await jobStreams.close();
        subscriber.disconnect();
        await redis.quit().catch(() => redis.disconnect());
        await database.close();
      })();
      return closed;
    },
  };
}

/** Waits until Redis answers, so the first request does not meet a connection still being opened. */
export async function waitForRedis(redis: RedisClient, timeoutMs = 10_000): Promise<void> {
  if (redis.status === 'ready') return;
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`RedisClient not ready after ${timeoutMs} ms`)), timeoutMs);
    redis.once('ready', () => {
      clearTimeout(timer);
      resolve();
    });
  });
}
