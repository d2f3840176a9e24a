import * as v from 'valibot';
import type { DbOrTx } from '../../db/client';
import type { Product } from '../../db/schema';
import type { QueueName } from '../queue-settings';

/**
 * One job kind's contract, in one place: its name, the queue it runs on, what its payload looks like and,
 * for request jobs, what the request row stores as input and what the finished job answers. The route
 * that submits it, its processor and the OpenAPI document all read these same schemas.
 */
export interface JobDefinition<N extends string = string, P extends v.GenericSchema = v.GenericSchema> {
  name: N;
  queue: QueueName;
  /** What the job does, for the registry's readers and the queue dashboard. */
  description: string;
  payload: P;
  /** A recurring job: how often it runs (one BullMQ job scheduler per Redis, registered by every worker). */
  schedule?: { everyMs: number };
  /**
   * For a job whose row says whether its work is done (a deployment, a clone, a document's vectors): the rows
   * left unfinished past the graces, each with the job that finishes it. The stale-work sweep enqueues each
   * again unless its job lives (src/workers/processors/requeue-stale.ts). Request rows need none: the sweep
   * finds every request kind's rows in the jobs table.
   */
  findLost?: (db: DbOrTx, query: LostWorkQuery) => Promise<LostWork<v.InferOutput<P>>[]>;
}

/** What a sweep asks a definition's `findLost`: rows queued before, or running since before, these instants. */
export interface LostWorkQuery {
  queuedBefore: Date;
  runningBefore: Date;
  limit: number;
  /** The configured embedder's id (`file.embed` finds documents embedded by another). */
  embedderId: string;
}

/** A lost job to add again: its payload and id, the account it is queued for, and whether a failed job counts as lost. */
export interface LostWork<P> {
  payload: P;
  jobId: string;
  account: string;
  /** false: a failed job ends the row's story (a kind whose final failure writes nothing). */
  retryFailed?: boolean;
}

/** A job whose row lives in the `jobs` table: the payload is its id, the row holds the input and the answer. */
export interface RequestJobDefinition<N extends string = string, I extends v.GenericSchema = v.GenericSchema, R extends v.GenericSchema = v.GenericSchema>
  extends JobDefinition<N, typeof rowPayload> {
  /** What its bill is filed under (usage_ledger.product), so usage can be broken down by product. */
  product: Product;
  request: {
    /** The row's `input`, as the route writes it and the processor reads it. */
    input: I;
    /** The finished job's answer: the endpoint's 200/201 body, as the OpenAPI document describes it. */
    result: R;
  };
}

/** The payload of every job backed by a row (a request, a deployment, a voice, a domain): the row's id, also the BullMQ jobId. */
export const rowPayload = v.object({ id: v.pipe(v.string(), v.minLength(1)) });

export function defineJob<const N extends string, P extends v.GenericSchema>(def: JobDefinition<N, P>): JobDefinition<N, P> {
  return def;
}

export function defineRequestJob<const N extends string, I extends v.GenericSchema, R extends v.GenericSchema>(def: {
  name: N;
  queue: QueueName;
  product: Product;
  description: string;
  input: I;
  result: R;
}): RequestJobDefinition<N, I, R> {
  return {
    name: def.name,
    queue: def.queue,
    product: def.product,
    description: def.description,
    payload: rowPayload,
    request: { input: def.input, result: def.result },
  };
}
