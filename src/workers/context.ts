import type { Job } from 'bullmq';
import type { Logger } from '../logger';
import type { Runtime } from '../runtime';

export interface ProcessorContext {
  rt: Runtime;
  job: Job;
  log: Logger;
}
