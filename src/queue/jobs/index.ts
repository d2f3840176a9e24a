import { corpusIndexJob } from './corpus-index';
import { fileChatJob } from './file-chat';
import { fileEmbedJob } from './file-embed';
import { fileIngestJob } from './file-ingest';
import { certificateIssueJob, deploymentBuildJob, domainVerifyJob } from './hosting';
import { imageGenerateJob } from './image-generate';
import {
  certificatesRenewJob,
  requeueLostWebhookAttemptsJob,
  requeueStaleJob,
  sweepDashboardSessionsJob,
  sweepExpiredFilesJob,
  sweepIdempotencyKeysJob,
  sweepConversationsJob,
  sweepOrphanStorageJob,
  sweepUploadedArchivesJob,
} from './maintenance';
import { plagiarismCheckJob } from './plagiarism-check';
import { textGenerateJob } from './text-generate';
import { voiceCloneJob } from './voice-clone';
import { voiceSynthesizeJob } from './voice-synthesize';
import { webhookDeliverJob } from './webhooks';

/** Every job kind Kiln runs. A new kind is one definition file plus one line here (see docs/architecture.md). */
export const JOB_DEFINITIONS = [
  textGenerateJob,
  plagiarismCheckJob,
  imageGenerateJob,
  voiceSynthesizeJob,
  fileIngestJob,
  fileEmbedJob,
  fileChatJob,
  corpusIndexJob,
  voiceCloneJob,
  deploymentBuildJob,
  domainVerifyJob,
  certificateIssueJob,
  certificatesRenewJob,
  requeueStaleJob,
  sweepExpiredFilesJob,
  sweepDashboardSessionsJob,
  sweepIdempotencyKeysJob,
  sweepConversationsJob,
  sweepUploadedArchivesJob,
  sweepOrphanStorageJob,
  requeueLostWebhookAttemptsJob,
  webhookDeliverJob,
] as const;

export { IMAGE_SIZES } from './image-generate';
export { corpusIndexJob, fileChatJob, fileEmbedJob, fileIngestJob, imageGenerateJob, plagiarismCheckJob, textGenerateJob, voiceSynthesizeJob };
