/**
 * What passes between the main thread and an engine thread. Everything is structured-cloneable plain
 * data; errors travel as SerializedError and are rebuilt as their own classes (see errors.ts).
 */

export interface SerializedError {
  name: string;
  message: string;
  stack?: string;
  /** ProviderError's retry verdict and HTTP status, kept so workers map the error the same way. */
  permanent?: boolean;
  status?: number;
  /** A string `code` or `reason` field some errors carry (ArchiveError, SampleRejectedError). */
  code?: string;
  reason?: string;
}

export type ToThread =
  | { type: 'run'; id: number; task: string; input: unknown }
  /** The main thread has handled event `seq` of task `id`; the thread's `emit` promise resolves. */
  | { type: 'ack'; id: number; seq: number; error?: SerializedError }
  | { type: 'cancel'; id: number };

export type FromThread =
  | { type: 'event'; id: number; seq: number; event: unknown }
  | { type: 'done'; id: number; value: unknown }
  | { type: 'failed'; id: number; error: SerializedError };
