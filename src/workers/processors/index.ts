import type { JobName, JobPayload } from '../../queue/registry';
import type { ProcessorContext } from '../context';
import { generateImages } from './image-generate';
import { requeueStaleJobs } from './requeue-stale';
import { sweepExpiredFiles } from './sweep-expired-files';

type Processors = { [N in JobName]: (ctx: ProcessorContext, payload: JobPayload<N>) => Promise<void> };

/** The one place that says which function runs each job. */
export const PROCESSORS: Processors = {
  'image.generate': generateImages,
  'jobs.requeue-stale': requeueStaleJobs,
  'cdn.sweep-expired': sweepExpiredFiles,
};
