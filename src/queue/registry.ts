import * as v from 'valibot';
import { corpusQueueConfig } from './config/corpus';
import { deployQueueConfig } from './config/deploy';
import { domainsQueueConfig } from './config/domains';
import { filesQueueConfig } from './config/files';
import { imageQueueConfig } from './config/image';
import { maintenanceQueueConfig } from './config/maintenance';
import { textQueueConfig } from './config/text';
import { voiceQueueConfig } from './config/voice';
import type { QueueConfig } from './config/types';

/**
 * The contract between web and workers: every queue, every job name, the queue each job runs on and
 * the schema of its payload. Adding a job kind touches this file, one processor and one route.
 */
export const QUEUE_CONFIGS = {
  text: textQueueConfig,
  corpus: corpusQueueConfig,
  image: imageQueueConfig,
  voice: voiceQueueConfig,
  files: filesQueueConfig,
  deploy: deployQueueConfig,
  domains: domainsQueueConfig,
  maintenance: maintenanceQueueConfig,
} as const satisfies Record<string, QueueConfig>;

export type QueueName = keyof typeof QUEUE_CONFIGS;
export const QUEUE_NAMES = Object.keys(QUEUE_CONFIGS) as QueueName[];

const requestJob = v.object({ id: v.pipe(v.string(), v.minLength(1)) });
const noPayload = v.object({});
const corpusBatch = v.object({
  documents: v.pipe(
    v.array(v.object({ url: v.pipe(v.string(), v.minLength(1)), text: v.string(), accountId: v.optional(v.string()), title: v.optional(v.string()) })),
    v.minLength(1),
  ),
});

export const JOBS = {
  /** Renders, stores and bills the images of one POST /v1/image/generate. */
  'image.generate': { queue: 'image', payload: requestJob },
  /** Writes, rewrites or paraphrases one POST /v1/text/generate, billed in text tokens. */
  'text.generate': { queue: 'text', payload: requestJob },
  /** Checks one POST /v1/plagiarism/check against the indexed corpus. */
  'plagiarism.check': { queue: 'text', payload: requestJob },
  /** Fingerprints a batch of corpus documents (the CLI's `corpus add` and `corpus import`); re-adding a URL replaces it. */
  'corpus.index': { queue: 'corpus', payload: corpusBatch },
  /** Speaks one POST /v1/voice/synthesize to an MP3 on the CDN, billed in audio seconds. */
  'voice.synthesize': { queue: 'voice', payload: requestJob },
  /** Downloads a clone's sample, measures the speaker and stores the voice settings. */
  'voice.clone': { queue: 'voice', payload: requestJob },
  /** Parses and indexes one POST /v1/file/upload; the upload's answer waits for it. */
  'file.ingest': { queue: 'files', payload: requestJob },
  /** Answers one POST /v1/file/chat from the document's passages (or its rows), billed as one file chat. */
  'file.chat': { queue: 'text', payload: requestJob },
  /** Downloads, extracts, stores and publishes one deployment. */
  'deployment.build': { queue: 'deploy', payload: requestJob },
  /** One automatic DNS check of a pending custom domain; schedules the next while pending. */
  'domain.verify': { queue: 'domains', payload: requestJob },
  /** Issues (or renews) the certificate of a verified custom domain. */
  'certificate.issue': { queue: 'domains', payload: requestJob },
  /** Queues renewal of certificates that expire within 30 days. */
  'certificates.renew': { queue: 'maintenance', payload: noPayload },
  /** Re-enqueues request rows and builds left waiting (their enqueue was lost). */
  'jobs.requeue-stale': { queue: 'maintenance', payload: noPayload },
  /** Deletes generated files whose signed links have expired. */
  'cdn.sweep-expired': { queue: 'maintenance', payload: noPayload },
} as const satisfies Record<string, { queue: QueueName; payload: v.GenericSchema }>;

export type JobName = keyof typeof JOBS;
export type JobPayload<N extends JobName> = v.InferOutput<(typeof JOBS)[N]['payload']>;

/** Request kinds are the job names whose row lives in the `jobs` table and whose payload is `{ id }`. */
export type RequestJobName = 'text.generate' | 'plagiarism.check' | 'image.generate' | 'voice.synthesize' | 'file.ingest' | 'file.chat';

export function isJobName(name: string): name is JobName {
  return Object.hasOwn(JOBS, name);
}

export function queueOf(name: JobName): QueueName {
  return JOBS[name].queue;
}
