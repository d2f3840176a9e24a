import { failPlagiarismSource, indexPlagiarismSource } from './plagiarism-source';
import type { JobError } from '../../db/schema';
import type { JobName, JobPayload } from '../../queue/registry';
import type { JobRun } from '../../queue/job-run';
import { issueCertificate, renewCertificates } from '../../hosting/certificates';
import { buildDeployment, failDeployment } from '../../hosting/build-deployment';
import { sweepUploadedArchives } from '../../hosting/sweep-uploaded-archives';
import { expireIdleDigestUploads } from '../../hosting/expire-idle-uploads';
import { verifyDomain } from './domain-verify';
import { failRequestJob } from '../run-request-job';
import { indexCorpusBatch } from './corpus-index';
import { generateImages } from './image-generate';
import { checkPlagiarism } from './plagiarism-check';
import { releaseOrphanHolds } from './release-orphan-holds';
import { requeueStaleJobs } from './requeue-stale';
import { sweepDashboardSessions } from './sweep-dashboard-sessions';
import { sweepExpiredFiles } from './sweep-expired-files';
import { sweepIdempotencyKeys } from './sweep-idempotency-keys';
import { sweepConversations } from './sweep-conversations';
import { sweepOrphanStorage } from './sweep-orphan-storage';
import { cloneVoice, failVoiceClone } from '../../voices/clone-voice';
import { synthesizeSpeech } from './voice-synthesize';
import { answerChat } from './text-chat';
import { failTextGeneration, generateText } from './text-generate';
import { answerFileChat } from './file-chat';
import { embedFile } from './file-embed';
import { failFileIngest, ingestFile } from './file-ingest';
import { deliverWebhook } from './webhook-deliver';
import { requeueLostWebhookAttempts } from './requeue-lost-webhook-attempts';

export interface Processor<P> {
  /** Its resolved value is stored as the BullMQ job's return value. */
  run(ctx: JobRun, payload: P): Promise<unknown>;
  /** Records the outcome once no attempt is left (or the failure is permanent), for whoever polls. */
  onFinalFailure?(ctx: JobRun, payload: P, error: JobError): Promise<void>;
}

type Processors = { [N in JobName]: Processor<JobPayload<N>> };

/** The one place that says which function runs each job. */
export const PROCESSORS: Processors = {
  'text.generate': { run: generateText, onFinalFailure: failTextGeneration },
  'text.chat': { run: answerChat, onFinalFailure: failTextGeneration },
  'plagiarism.check': { run: checkPlagiarism, onFinalFailure: failRequestJob },
  'corpus.index': { run: indexCorpusBatch },
  'plagiarism.source': { run: indexPlagiarismSource, onFinalFailure: failPlagiarismSource },
  'image.generate': { run: generateImages, onFinalFailure: failRequestJob },
  'voice.synthesize': { run: synthesizeSpeech, onFinalFailure: failRequestJob },
  'voice.clone': { run: cloneVoice, onFinalFailure: failVoiceClone },
  'file.ingest': { run: ingestFile, onFinalFailure: failFileIngest },
  'file.embed': { run: embedFile },
  'file.chat': { run: answerFileChat, onFinalFailure: failRequestJob },
  'deployment.build': { run: buildDeployment, onFinalFailure: failDeployment },
  'domain.verify': { run: verifyDomain },
  'certificate.issue': { run: issueCertificate },
  'certificates.renew': { run: renewCertificates },
  'jobs.requeue-stale': { run: requeueStaleJobs },
  'cdn.sweep-expired': { run: sweepExpiredFiles },
  'dashboard.sweep-sessions': { run: sweepDashboardSessions },
  'idempotency.sweep-expired': { run: sweepIdempotencyKeys },
  'conversations.sweep-expired': { run: sweepConversations },
  'deployments.sweep-uploads': { run: sweepUploadedArchives },
  'deployments.expire-uploads': { run: expireIdleDigestUploads },
  'storage.sweep-orphans': { run: sweepOrphanStorage },
  'usage.release-orphan-holds': { run: releaseOrphanHolds },
  'webhook.deliver': { run: deliverWebhook },
  'webhooks.requeue-lost': { run: requeueLostWebhookAttempts },
};
