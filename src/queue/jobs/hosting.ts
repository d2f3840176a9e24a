import { findStaleBuilds } from '../../db/queries/deployments';
import { defineJob, rowPayload } from './define';

export const deploymentBuildJob = defineJob({
  name: 'deployment.build',
  queue: 'deploy',
  description: 'Downloads, extracts, stores and publishes one deployment.',
  payload: rowPayload,
  findLost: async (db, q) =>
    (await findStaleBuilds(db, q.queuedBefore, q.runningBefore, q.limit)).map((b) => ({ payload: { id: b.id }, jobId: b.id, account: b.accountId })),
});

export const domainVerifyJob = defineJob({
  name: 'domain.verify',
  queue: 'domains',
  description: 'One automatic DNS check of a pending custom domain; schedules the next while pending.',
  payload: rowPayload,
});

export const certificateIssueJob = defineJob({
  name: 'certificate.issue',
  queue: 'domains',
  description: 'Issues (or renews) the certificate of a verified custom domain.',
  payload: rowPayload,
});
