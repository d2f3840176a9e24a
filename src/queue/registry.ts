import type * as v from 'valibot';
import type { Product } from '../db/schema';
import { QUEUE_CONFIGS, type QueueName } from './queue-settings';
import { JOB_DEFINITIONS } from './jobs';

/**
 * The contract between web and workers: every queue with its settings, and every job kind (defined one
 * file each in `jobs/`) by name. What adding a job kind takes is said once, in jobs/index.ts.
 */
export { QUEUE_CONFIGS };

export type { QueueName };
export const QUEUE_NAMES = Object.keys(QUEUE_CONFIGS) as QueueName[];

type Definition = (typeof JOB_DEFINITIONS)[number];

/** Every job by name, derived from the definitions in `jobs/`: the one contract between web and workers. */
export const JOBS = Object.fromEntries(JOB_DEFINITIONS.map((d) => [d.name, d])) as { [D in Definition as D['name']]: D };

export type JobName = Definition['name'];
export type JobPayload<N extends JobName> = v.InferOutput<(typeof JOBS)[N]['payload']>;

/** Request kinds: the jobs whose row lives in the `jobs` table, with a typed input and answer. */
export type RequestJobName = Extract<Definition, { request: object }>['name'];
export type RequestJobInput<N extends RequestJobName> = v.InferOutput<Extract<Definition, { name: N }>['request']['input']>;

export const REQUEST_JOB_NAMES = JOB_DEFINITIONS.filter((d) => 'request' in d).map((d) => d.name) as RequestJobName[];

export function isRequestJobName(name: string): name is RequestJobName {
  return (REQUEST_JOB_NAMES as string[]).includes(name);
}

/**
 * The product a request row of this kind is billed under, read from its definition, so a new kind needs
 * nothing here. Null for a kind this version does not run as a request (a row from an older version).
 */
export function productOf(kind: string): Product | null {
  const definition: Definition | undefined = isJobName(kind) ? JOBS[kind] : undefined;
  return definition && 'product' in definition ? definition.product : null;
}

export function isJobName(name: string): name is JobName {
  return Object.hasOwn(JOBS, name);
}

export function queueOf(name: JobName): QueueName {
  return JOBS[name].queue;
}
