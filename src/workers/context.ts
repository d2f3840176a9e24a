/** A processor runs with the same context as every job's work (src/queue/job-run.ts). */
export type { JobRun as ProcessorContext } from '../queue/job-run';
