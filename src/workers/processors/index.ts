import type { JobError } from '../../db/schema';
import type { JobName, JobPayload } from '../../queue/registry';
import type { ProcessorContext } from '../context';
import { issueCertificate, renewCertificates } from './certificate-issue';
import { buildDeployment, failDeployment } from './deployment-build';
import { verifyDomain } from './domain-verify';
import { failRequestJob } from '../request-job';
import { generateImages } from './image-generate';
import { requeueStaleJobs } from './requeue-stale';
import { sweepExpiredFiles } from './sweep-expired-files';
import { cloneVoice, failVoiceClone } from './voice-clone';
import { synthesizeSpeech } from './voice-synthesize';

export interface Processor<P> {
  run(ctx: ProcessorContext, payload: P): Promise<void>;
  /** Records the outcome once no attempt is left (or the failure is permanent), for whoever polls. */
  onFinalFailure?(ctx: ProcessorContext, payload: P, error: JobError): Promise<void>;
}

type Processors = { [N in JobName]: Processor<JobPayload<N>> };

/** The one place that says which function runs each job. */
export const PROCESSORS: Processors = {
  'image.generate': { run: generateImages, onFinalFailure: failRequestJob },
  'voice.synthesize': { run: synthesizeSpeech, onFinalFailure: failRequestJob },
  'voice.clone': { run: cloneVoice, onFinalFailure: failVoiceClone },
  'deployment.build': { run: buildDeployment, onFinalFailure: failDeployment },
  'domain.verify': { run: verifyDomain },
  'certificate.issue': { run: issueCertificate },
  'certificates.renew': { run: renewCertificates },
  'jobs.requeue-stale': { run: requeueStaleJobs },
  'cdn.sweep-expired': { run: sweepExpiredFiles },
};
