import { certificatesExpiringBefore, findDomainById, setSslStatus, verifiedDomains } from '../../db/queries/domains';
import { issueAndStoreCertificate } from '../../hosting/certificates';
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
    await setSslStatus(rt.db, d.id, 'active');
    ctx.log.info({ domain: d.domain, issuer: cert.issuer, notAfter: cert.notAfter }, 'certificate issued');
  } catch (err) {
    await setSslStatus(rt.db, d.id, 'error', (err as Error).message);
    throw err;
  }
  await tellEdges(rt, ctx.log, { domain: d.domain, certificate: true });
}

/** Daily: queues a fresh certificate for every verified domain whose certificate ends within 30 days. */
export async function renewCertificates(ctx: JobRun): Promise<void> {
  const { rt } = ctx;
  const expiring = new Set((await certificatesExpiringBefore(rt.db, new Date(Date.now() + RENEW_BEFORE_MS))).map((c) => c.hostname));
  const day = new Date().toISOString().slice(0, 10);
  for (const d of await verifiedDomains(rt.db)) {
    if (!expiring.has(d.domain)) continue;
    await rt.queues.enqueue('certificate.issue', { id: d.id }, { jobId: `renew-${d.id}-${day}` });
  }
}
