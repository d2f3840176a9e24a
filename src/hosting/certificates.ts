import { readFile } from 'node:fs/promises';
import {
  certificatesExpiringBefore,
  findDomainById,
  getOrCreateTlsSecret,
  putAcmeChallenge,
  removeAcmeChallenge,
  saveCertificate,
  setSslStatus,
  verifiedDomains,
} from '../db/queries/domains';
import type { SslStatus } from '../db/schema';
import type { JobRun } from '../queue/job-run';
import type { Runtime } from '../runtime';
import { announceWebhookEvents, recordWebhookEvent } from '../webhooks/outbox';
import { recordsFor } from './domain-verification';
import { tellEdges } from './publishing';
import { announceRoutesChanged } from './routes-events';
import { AcmeIssuanceError, createLocalCa, issueAcmeCertificate, issueLocalCertificate, type AcmeProblem, type IssuedCertificate } from './tls';
import { domainDetailView } from './views';

type Deps = Pick<Runtime, 'db' | 'config' | 'redis' | 'channels' | 'edgeRegistry'>;

const LOCAL_CA = 'local-ca';
const acmeAccountName = (directoryUrl: string) => `acme-account:${directoryUrl}`;

/** The embedded certificate authority, created on first use and kept in the database (`kiln ca export` prints its certificate). */
export async function localCa(rt: Pick<Deps, 'db'>) {
  const row = await getOrCreateTlsSecret(rt.db, LOCAL_CA, () => createLocalCa());
  return { certPem: row.certPem!, keyPem: row.keyPem };
}

/**
 * Issues a certificate for `hostname` with `issuer` (the configured one unless told) and stores it. ACME's HTTP-01 tokens
 * go to the database, where every edge process answers them.
 */
export async function issueAndStoreCertificate(rt: Deps, hostname: string, issuer = rt.config.TLS_ISSUER): Promise<IssuedCertificate> {
  let issued: IssuedCertificate;
  if (issuer === 'acme') {
    const directoryUrl = rt.config.ACME_DIRECTORY_URL!;
    const account = await rt.db.query.tlsSecrets.findFirst({ where: (t, { eq }) => eq(t.name, acmeAccountName(directoryUrl)) });
    const result = await issueAcmeCertificate({
      directoryUrl,
      domain: hostname,
      accountKeyPem: account?.keyPem,
      email: rt.config.ACME_EMAIL,
      caBundlePem: rt.config.ACME_CA_BUNDLE ? await readFile(rt.config.ACME_CA_BUNDLE, 'utf8') : undefined,
      challenges: {
        set: async (token, keyAuthorization) => {
          await putAcmeChallenge(rt.db, token, keyAuthorization);
          // Edges answer tokens from a short-lived read of the table: have them drop it before the CA asks.
          await announceRoutesChanged(rt);
        },
        remove: (token) => removeAcmeChallenge(rt.db, token),
      },
      timeoutMs: 120_000,
    });
    if (!account) await getOrCreateTlsSecret(rt.db, acmeAccountName(directoryUrl), async () => ({ keyPem: result.accountKeyPem }));
    issued = result;
  } else {
    issued = await issueLocalCertificate(await localCa(rt), hostname);
  }
  await saveCertificate(rt.db, {
    hostname,
    certPem: issued.certPem,
    keyPem: issued.keyPem,
    issuer: issued.issuer,
    notBefore: issued.notBefore,
    notAfter: issued.notAfter,
  });
  return issued;
}

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
