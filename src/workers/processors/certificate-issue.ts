import { domainDetailView } from '../../hosting/views';
import { certificatesExpiringBefore, findDomainById, setSslStatus, verifiedDomains } from '../../db/queries/domains';
import type { SslStatus } from '../../db/schema';
import { issueAndStoreCertificate } from '../../hosting/certificates';
import { AcmeIssuanceError, type AcmeProblem } from '../../hosting/tls';
import { recordsFor } from '../../hosting/domain-verification';
import { announceWebhookEvents, recordWebhookEvent } from '../../webhooks/outbox';
import { tellEdges } from '../../hosting/publishing';
import type { JobRun } from '../../queue/job-run';

const RENEW_BEFORE_MS = 30 * 86_400_000;

/**
 * Issues the certificate of a verified domain; `ssl` becomes `active`, or `error` on a failed attempt
 * (the queue retries with backoff, and the next success makes it `active`).
 */
export async function issueCertificate(ctx: JobRun, payload: { id: string }): Promise<void> {
  const { rt } = ctx;
  const d = await findDomainById(rt.db, payload.id);
  if (d?.status !== 'verified') return;
  try {
    const cert = await issueAndStoreCertificate(rt, d.domain);
    await changeSsl(ctx, d.id, 'active');
    ctx.log.info({ domain: d.domain, issuer: cert.issuer, notAfter: cert.notAfter }, 'certificate issued');
  } catch (err) {
    // The CA's problem document when it gave one (type, status, subproblems), so the API can show why.
    const problem = err instanceof AcmeIssuanceError ? err.problem : { detail: (err as Error).message };
    await changeSsl(ctx, d.id, 'error', (err as Error).message, problem);
    throw err;
  }
  await tellEdges(rt, ctx.log, { domain: d.domain, certificate: true });
}

/**
 * Sets `ssl` and, when it changed (a renewal of an active certificate does not), records `domain.ssl_active`
 * or `domain.ssl_error` in the same transaction. Retries that fail again report nothing new.
 */
async function changeSsl(ctx: JobRun, id: string, ssl: Exclude<SslStatus, 'inactive'>, error?: string, problem?: AcmeProblem): Promise<void> {
  const { rt } = ctx;
  const accountId = await rt.db.transaction(async (tx) => {
    const set = await setSslStatus(tx, id, ssl, error ?? null, problem ?? null);
    if (!set?.changed) return null;
    const type = ssl === 'active' ? 'domain.ssl_active' : 'domain.ssl_error';
    const event = await recordWebhookEvent(tx, {
      accountId: set.row.accountId,
      type,
      data: domainDetailView(set.row, recordsFor(rt, set.row), rt.config.EDGE_IPV4),
    });
    return event && set.row.accountId;
  });
  if (accountId) await announceWebhookEvents(rt, ctx.log, accountId);
}

/** Daily: queues a fresh certificate for every verified domain whose certificate ends within 30 days. */
export async function renewCertificates(ctx: JobRun): Promise<void> {
  const { rt } = ctx;
  const expiring = new Set((await certificatesExpiringBefore(rt.db, new Date(Date.now() + RENEW_BEFORE_MS))).map((c) => c.hostname));
  const day = new Date().toISOString().slice(0, 10);
  for (const d of await verifiedDomains(rt.db)) {
    if (!expiring.has(d.domain)) continue;
    await rt.queues.enqueue('certificate.issue', { id: d.id }, { jobId: `renew-${d.id}-${day}`, account: d.accountId });
  }
}
