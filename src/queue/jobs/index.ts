import { corpusIndexJob, plagiarismSourceJob } from './corpus-index';
import { fileChatJob } from './file-chat';
import { fileEmbedJob } from './file-embed';
import { fileIngestJob } from './file-ingest';
import { certificateIssueJob, deploymentBuildJob, domainVerifyJob } from './hosting';
import { imageGenerateJob } from './image-generate';
import {
  certificatesRenewJob,
  expireDigestUploadsJob,
  requeueLostWebhookAttemptsJob,
  releaseOrphanHoldsJob,
  requeueStaleJob,
  sweepDashboardSessionsJob,
  sweepExpiredFilesJob,
  sweepIdempotencyKeysJob,
  sweepConversationsJob,
  sweepOrphanStorageJob,
  sweepUploadedArchivesJob,
} from './maintenance';
import { plagiarismCheckJob } from './plagiarism-check';
import { textChatJob } from './text-chat';
import { textGenerateJob } from './text-generate';
import { voiceCloneJob } from './voice-clone';
import { voiceSynthesizeJob } from './voice-synthesize';
import { webhookDeliverJob } from './webhooks';

/**
 * Every job kind Kiln runs. A new kind takes: its definition file here (name, queue, payload schema, and its
 * `schedule` if it recurs, or its request schemas), its line in this list, and its processor's line in
 * src/workers/processors/index.ts (the compiler refuses a kind without one); a request kind also has the route
 * that submits it. Nothing else: queues, schedules, the registry's types and the OpenAPI answers follow.
 */
export const JOB_DEFINITIONS = [
  textGenerateJob,
  textChatJob,
  plagiarismCheckJob,
  imageGenerateJob,
  voiceSynthesizeJob,
  fileIngestJob,
  fileEmbedJob,
  fileChatJob,
  corpusIndexJob,
  plagiarismSourceJob,
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
  expireDigestUploadsJob,
  sweepOrphanStorageJob,
  releaseOrphanHoldsJob,
  requeueLostWebhookAttemptsJob,
  webhookDeliverJob,
] as const;

export { IMAGE_SIZES } from './image-generate';
export {
  corpusIndexJob,
  plagiarismSourceJob,
  fileChatJob,
  fileEmbedJob,
  fileIngestJob,
  imageGenerateJob,
  plagiarismCheckJob,
  textChatJob,
  textGenerateJob,
  voiceSynthesizeJob,
};
