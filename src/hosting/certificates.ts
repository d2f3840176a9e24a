import { readFile } from 'node:fs/promises';
import { getOrCreateTlsSecret, putAcmeChallenge, removeAcmeChallenge, saveCertificate } from '../db/queries/domains';
import type { Runtime } from '../runtime';
import { announceRoutesChanged } from './routes-events';
import { createLocalCa, issueAcmeCertificate, issueLocalCertificate, type IssuedCertificate } from './tls';

type Deps = Pick<Runtime, 'db' | 'config' | 'redis' | 'channels' | 'edgeRegistry'>;

const LOCAL_CA = 'local-ca';
const acmeAccountName = (directoryUrl: string) => `acme-account:${directoryUrl}`;

/** The embedded certificate authority, created on first use and kept in the database. */
export async function localCa(rt: Deps) {
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
