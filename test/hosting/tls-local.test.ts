import { createPrivateKey, X509Certificate } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import tls from 'node:tls';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  certificateExpiry,
  certificateNames,
  createLocalCa,
  issueLocalCertificate,
  needsRenewal,
  type IssuedCertificate,
  type LocalCa,
} from '../../src/hosting/tls';

const DOMAIN = 'shop.kiln-test.example';
const DAY_MS = 24 * 60 * 60 * 1000;

function splitChain(pem: string): string[] {
  return pem.match(/-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g) ?? [];
}

let ca: LocalCa;
let issued: IssuedCertificate;

beforeAll(async () => {
  ca = await createLocalCa();
  issued = await issueLocalCertificate(ca, DOMAIN);
});

describe('local CA', () => {
  it('creates a self-signed CA certificate', () => {
    const caCert = new X509Certificate(ca.certPem);
    expect(caCert.ca).toBe(true);
    expect(caCert.subject).toBe('CN=Kiln Local CA');
    expect(caCert.verify(caCert.publicKey)).toBe(true);
    expect(caCert.publicKey.asymmetricKeyDetails?.namedCurve).toBe('prime256v1');
    // Measured on the certificate itself (validFrom is backdated a little for clock skew), not against the clock.
    const years = (new Date(caCert.validTo).getTime() - new Date(caCert.validFrom).getTime()) / (365 * DAY_MS);
    expect(years).toBeGreaterThan(9.9);
    expect(years).toBeLessThan(10.1);
    expect(ca.keyPem).toContain('-----BEGIN PRIVATE KEY-----');
  });

  it('gives every CA its own key and serial', async () => {
    const other = await createLocalCa('Other CA');
    const a = new X509Certificate(ca.certPem);
    const b = new X509Certificate(other.certPem);
    expect(b.subject).toBe('CN=Other CA');
    expect(b.serialNumber).not.toBe(a.serialNumber);
    expect(b.publicKey.equals(a.publicKey)).toBe(false);
  });

  it('issues a leaf that chains to the CA and names the domain', () => {
    const [leafPem, caPem, ...rest] = splitChain(issued.certPem);
    expect(rest).toHaveLength(0);
    const leaf = new X509Certificate(leafPem!);
    const caCert = new X509Certificate(caPem!);
    expect(caCert.fingerprint256).toBe(new X509Certificate(ca.certPem).fingerprint256);
    expect(leaf.verify(caCert.publicKey)).toBe(true);
    expect(leaf.checkIssued(caCert)).toBe(true);
    expect(leaf.ca).toBe(false);
    expect(leaf.checkHost(DOMAIN)).toBe(DOMAIN);
    expect(leaf.checkHost('other.kiln-test.example')).toBeUndefined();
    expect(leaf.subject).toBe(`CN=${DOMAIN}`);
    expect(leaf.subjectAltName).toBe(`DNS:${DOMAIN}`);
    expect(leaf.keyUsage).toEqual(['1.3.6.1.5.5.7.3.1']);
    expect(leaf.checkPrivateKey(createPrivateKey(issued.keyPem))).toBe(true);
    expect(issued.issuer).toBe('local');
    expect(issued.notAfter.getTime()).toBe(new Date(leaf.validTo).getTime());
    const days = (issued.notAfter.getTime() - new Date(leaf.validFrom).getTime()) / DAY_MS;
    expect(days).toBeGreaterThanOrEqual(90);
    expect(days).toBeLessThan(90.1);
  });

  it('honours a custom validity', async () => {
    const short = await issueLocalCertificate(ca, DOMAIN, 7);
    const days = (short.notAfter.getTime() - short.notBefore.getTime()) / DAY_MS;
    expect(days).toBeGreaterThanOrEqual(7);
    expect(days).toBeLessThan(7.1);
  });
});

describe('TLS handshake with a local certificate', () => {
  let server: tls.Server;
  let port: number;

  beforeAll(async () => {
    server = tls.createServer({ cert: issued.certPem, key: issued.keyPem }, (socket) => socket.end('hello'));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });

  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  function connect(servername: string): Promise<{ authorized: boolean; error: string | undefined; body: string }> {
    return new Promise((resolve, reject) => {
      const socket = tls.connect({ host: '127.0.0.1', port, servername, ca: ca.certPem, rejectUnauthorized: false }, () => {
        let body = '';
        socket.setEncoding('utf8');
        socket.on('data', (d: string) => (body += d));
        socket.on('end', () => {
          const authorizationError = socket.authorizationError;
          resolve({
            authorized: socket.authorized,
            error: authorizationError ? String((authorizationError as NodeJS.ErrnoException).code ?? authorizationError) : undefined,
            body,
          });
          socket.destroy();
        });
      });
      socket.on('error', reject);
    });
  }

  it('is authorized for the certificate domain when the client trusts the CA', async () => {
    const result = await connect(DOMAIN);
    expect(result).toEqual({ authorized: true, error: undefined, body: 'hello' });
  });

  it('is not authorized for another domain', async () => {
    const result = await connect('other.kiln-test.example');
    expect(result.authorized).toBe(false);
    expect(result.error).toBe('ERR_TLS_CERT_ALTNAME_INVALID');
  });

  it('is not authorized by a client that does not trust the CA', async () => {
    const other = await createLocalCa('Untrusted CA');
    const result = await new Promise<{ authorized: boolean; error: string }>((resolve, reject) => {
      const socket = tls.connect({ host: '127.0.0.1', port, servername: DOMAIN, ca: other.certPem, rejectUnauthorized: false }, () => {
        resolve({ authorized: socket.authorized, error: String(socket.authorizationError) });
        socket.destroy();
      });
      socket.on('error', reject);
    });
    expect(result.authorized).toBe(false);
    // The server sends the CA along with the leaf, so the client sees an untrusted root in the chain.
    expect(result.error).toBe('SELF_SIGNED_CERT_IN_CHAIN');
  });
});

describe('certificate info', () => {
  it('reads expiry and names from a chain PEM', () => {
    expect(certificateExpiry(issued.certPem).getTime()).toBe(issued.notAfter.getTime());
    expect(certificateNames(issued.certPem)).toEqual([DOMAIN]);
    expect(certificateNames(ca.certPem)).toEqual([]);
  });

  it('asks for renewal within 30 days of expiry by default', () => {
    const notAfter = new Date('2030-01-31T00:00:00Z');
    expect(needsRenewal(notAfter, new Date('2029-12-01T00:00:00Z'))).toBe(false);
    expect(needsRenewal(notAfter, new Date('2030-01-01T00:00:00Z'))).toBe(true);
    expect(needsRenewal(notAfter, new Date('2030-02-01T00:00:00Z'))).toBe(true);
    expect(needsRenewal(notAfter, new Date('2030-01-24T00:00:00Z'), 7 * DAY_MS)).toBe(true);
    expect(needsRenewal(notAfter, new Date('2030-01-23T00:00:00Z'), 7 * DAY_MS)).toBe(false);
    expect(needsRenewal(issued.notAfter, new Date())).toBe(false);
    expect(needsRenewal(issued.notAfter, new Date(issued.notAfter.getTime() - 29 * DAY_MS))).toBe(true);
  });
});
