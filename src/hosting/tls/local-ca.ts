import type { webcrypto } from 'node:crypto';
import * as x509 from './x509';
import { pemBlocks } from './pem';
import type { IssuedCertificate } from './types';

const crypto = globalThis.crypto;

const DAY_MS = 24 * 60 * 60 * 1000;
const CA_VALIDITY_DAYS = 3650;
// Tolerates clocks on clients that run a little behind the issuing host.
const BACKDATE_MS = 5 * 60 * 1000;

const KEY_ALGORITHM: webcrypto.EcKeyGenParams = { name: 'ECDSA', namedCurve: 'P-256' };
const SIGNING_ALGORITHM: webcrypto.EcdsaParams = { name: 'ECDSA', hash: 'SHA-256' };

export interface LocalCa {
  certPem: string;
  keyPem: string;
}

/** Positive, non-zero 128-bit serial (RFC 5280 §4.1.2.2 forbids negative ones). */
function randomSerial(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[0] = (bytes[0]! & 0x7f) | 0x01;
  return Buffer.from(bytes).toString('hex');
}

async function exportKeyPem(key: webcrypto.CryptoKey): Promise<string> {
  const pkcs8 = await crypto.subtle.exportKey('pkcs8', key);
  return x509.PemConverter.encode(pkcs8, 'PRIVATE KEY');
}

async function importSigningKey(keyPem: string): Promise<webcrypto.CryptoKey> {
  const der = x509.PemConverter.decodeFirst(keyPem);
  return crypto.subtle.importKey('pkcs8', der, KEY_ALGORITHM, false, ['sign']);
}

async function generateKeys(): Promise<webcrypto.CryptoKeyPair> {
  return crypto.subtle.generateKey(KEY_ALGORITHM, true, ['sign', 'verify']);
}

function ensureTrailingNewline(pem: string): string {
  return pem.endsWith('\n') ? pem : `${pem}\n`;
}

/** A self-signed ECDSA P-256 root, valid ten years, for the embedded `local` issuer. */
export async function createLocalCa(commonName = 'Kiln Local CA'): Promise<LocalCa> {
  const keys = await generateKeys();
  const now = Date.now();
  const cert = await x509.X509CertificateGenerator.createSelfSigned({
    serialNumber: randomSerial(),
    name: [{ CN: [commonName] }],
    notBefore: new Date(now - BACKDATE_MS),
    notAfter: new Date(now + CA_VALIDITY_DAYS * DAY_MS),
    keys,
    signingAlgorithm: SIGNING_ALGORITHM,
    extensions: [
      new x509.BasicConstraintsExtension(true, undefined, true),
      new x509.KeyUsagesExtension(x509.KeyUsageFlags.keyCertSign | x509.KeyUsageFlags.cRLSign, true),
      await x509.SubjectKeyIdentifierExtension.create(keys.publicKey),
    ],
  });
  return {
    certPem: ensureTrailingNewline(cert.toString('pem')),
    keyPem: ensureTrailingNewline(await exportKeyPem(keys.privateKey)),
  };
}

/** A serverAuth leaf for one domain, signed by the local CA; `certPem` carries the CA after the leaf. */
export async function issueLocalCertificate(ca: LocalCa, domain: string, validityDays = 90): Promise<IssuedCertificate> {
  const caPem = pemBlocks(ca.certPem)[0];
  if (!caPem) throw new Error('local CA certificate PEM is missing');
  const caCert = new x509.X509Certificate(caPem);
  const signingKey = await importSigningKey(ca.keyPem);
  const keys = await generateKeys();
  const now = Date.now();
  const notBefore = new Date(now - BACKDATE_MS);
  const notAfter = new Date(now + validityDays * DAY_MS);

  const leaf = await x509.X509CertificateGenerator.create({
    serialNumber: randomSerial(),
    subject: [{ CN: [domain] }],
    issuer: caCert.subject,
    notBefore,
    notAfter,
    publicKey: keys.publicKey,
    signingKey,
    signingAlgorithm: SIGNING_ALGORITHM,
    extensions: [
      new x509.BasicConstraintsExtension(false, undefined, true),
      new x509.KeyUsagesExtension(x509.KeyUsageFlags.digitalSignature, true),
      new x509.ExtendedKeyUsageExtension([x509.ExtendedKeyUsage.serverAuth]),
      new x509.SubjectAlternativeNameExtension([{ type: 'dns', value: domain }]),
      await x509.SubjectKeyIdentifierExtension.create(keys.publicKey),
      await x509.AuthorityKeyIdentifierExtension.create(caCert.publicKey),
    ],
  });

  return {
    certPem: ensureTrailingNewline(leaf.toString('pem')) + ensureTrailingNewline(caPem.trim()),
    keyPem: ensureTrailingNewline(await exportKeyPem(keys.privateKey)),
    // The certificate encodes whole seconds; report what it actually says.
    notBefore: leaf.notBefore,
    notAfter: leaf.notAfter,
    issuer: 'local',
  };
}
