import { X509Certificate, createPrivateKey } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Packet, UDPServer } from 'dns2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AcmeIssuanceError, certificateNames, createMemoryChallengeStore, issueAcmeCertificate, type MemoryChallengeStore } from '../../src/hosting/tls';
import { startPebble, type Pebble } from './support/pebble';

const DOMAIN = 'shop.kiln-test.example';
const CHALLENGE_PATH = '/.well-known/acme-challenge/';

function splitChain(pem: string): string[] {
  return pem.match(/-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g) ?? [];
}

/** Authoritative-for-everything UDP DNS on loopback: A 127.0.0.1 for DOMAIN, NXDOMAIN otherwise. */
async function startDns(): Promise<{ address: string; queries: string[]; stop: () => Promise<void> }> {
  const queries: string[] = [];
  const server = new UDPServer((request, send) => {
    const response = Packet.createResponseFromRequest(request);
    response.header.aa = 1;
    for (const question of request.questions) {
      const name = question.name.toLowerCase().replace(/\.$/, '');
      queries.push(`${name} ${question.type}`);
      if (name !== DOMAIN) {
        response.header.rcode = 3;
      } else if (question.type === Packet.TYPE.A) {
        response.answers.push({ name: question.name, type: Packet.TYPE.A, class: Packet.CLASS.IN, ttl: 60, address: '127.0.0.1' } as Packet['answers'][number]);
      }
      // Other types for DOMAIN (AAAA, CAA): an empty NOERROR answer, i.e. "no such record".
    }
    void send(response);
  });
  await server.listen(0, '127.0.0.1');
  const { port } = server.address();
  return {
    address: `127.0.0.1:${port}`,
    queries,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The edge's HTTP-01 responder, reduced to its job: answer tokens from the store, or 404. */
async function startResponder(store: MemoryChallengeStore) {
  const state = { mode: 'serve' as 'serve' | 'notFound' | 'hang', hits: [] as string[] };
  const server = http.createServer(async (req, res) => {
    const path = req.url ?? '';
    state.hits.push(path);
    // Never answering keeps pebble's validation pending, as an unreachable edge would.
    if (state.mode === 'hang') return;
    const token = path.startsWith(CHALLENGE_PATH) ? path.slice(CHALLENGE_PATH.length) : undefined;
    const keyAuthorization = token && state.mode === 'serve' ? await store.get(token) : undefined;
    if (keyAuthorization) {
      res.writeHead(200, { 'content-type': 'text/plain' }).end(keyAuthorization);
    } else {
      res.writeHead(404).end('not found');
    }
  });
  // The VA closes its connection after each fetch; keep-alive would only hold close() up.
  server.keepAliveTimeout = 1;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    state,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

describe('ACME issuer against pebble', () => {
  const store = createMemoryChallengeStore();
  let dns: Awaited<ReturnType<typeof startDns>> | undefined;
  let responder: Awaited<ReturnType<typeof startResponder>> | undefined;
  let pebble: Pebble | undefined;
  let accountKeyPem: string | undefined;

  beforeAll(async () => {
    dns = await startDns();
    responder = await startResponder(store);
    pebble = await startPebble({ httpPort: responder.port, dnsServer: dns.address });
  });

  afterAll(async () => {
    // Each step runs even if an earlier one failed, so pebble is never left running.
    await Promise.allSettled([pebble?.stop(), responder?.stop(), dns?.stop()]);
  });

  it("issues a certificate for the domain that chains to pebble's root", async () => {
    responder!.state.mode = 'serve';
    const issued = await issueAcmeCertificate({
      directoryUrl: pebble!.directoryUrl,
      domain: DOMAIN,
      email: 'ops@kiln-test.example',
      challenges: store,
      caBundlePem: pebble!.caBundlePem,
      timeoutMs: 120_000,
    });
    accountKeyPem = issued.accountKeyPem;

    expect(issued.issuer).toBe('acme');
    expect(certificateNames(issued.certPem)).toEqual([DOMAIN]);

    const [leafPem, intermediatePem] = splitChain(issued.certPem);
    const leaf = new X509Certificate(leafPem!);
    const intermediate = new X509Certificate(intermediatePem!);
    const root = new X509Certificate(await pebble!.rootCaPem());
    expect(leaf.checkHost(DOMAIN)).toBe(DOMAIN);
    expect(leaf.ca).toBe(false);
    expect(leaf.checkIssued(intermediate)).toBe(true);
    expect(leaf.verify(intermediate.publicKey)).toBe(true);
    expect(intermediate.checkIssued(root)).toBe(true);
    expect(intermediate.verify(root.publicKey)).toBe(true);
    expect(root.verify(root.publicKey)).toBe(true);
    expect(leaf.checkPrivateKey(createPrivateKey(issued.keyPem))).toBe(true);
    expect(createPrivateKey(issued.keyPem).asymmetricKeyDetails?.namedCurve).toBe('prime256v1');
    expect(issued.notAfter.getTime()).toBe(new Date(leaf.validTo).getTime());
    expect(issued.notBefore.getTime()).toBe(new Date(leaf.validFrom).getTime());
    expect(issued.accountKeyPem).toContain('PRIVATE KEY');

    // Pebble's VA really fetched the token over HTTP, after resolving the domain with our DNS.
    expect(responder!.state.hits.some((p) => p.startsWith(CHALLENGE_PATH))).toBe(true);
    expect(dns!.queries).toContain(`${DOMAIN} ${Packet.TYPE.A}`);
    expect(store.size()).toBe(0);
  });

  it("rejects with the CA's reason when the responder does not serve the token", async () => {
    responder!.state.mode = 'notFound';
    responder!.state.hits.length = 0;
    const timeoutMs = 120_000;
    const error = await issueAcmeCertificate({
      directoryUrl: pebble!.directoryUrl,
      domain: DOMAIN,
      // Reuses the account registered above.
      accountKeyPem,
      challenges: store,
      caBundlePem: pebble!.caBundlePem,
      timeoutMs,
    }).then(
      () => undefined,
      (err: unknown) => err,
    );
    expect(error).toBeInstanceOf(AcmeIssuanceError);
    const issuanceError = error as AcmeIssuanceError;
    expect(issuanceError.domain).toBe(DOMAIN);
    expect(issuanceError.message).toMatch(/HTTP-01 validation of shop\.kiln-test\.example failed/);
    expect(issuanceError.message).toMatch(/404/);
    expect(responder!.state.hits.some((p) => p.startsWith(CHALLENGE_PATH))).toBe(true);
    expect(store.size()).toBe(0);
  });

  it('gives up at timeoutMs while the CA is still validating', async () => {
    responder!.state.mode = 'hang';
    responder!.state.hits.length = 0;
    const error = await issueAcmeCertificate({
      directoryUrl: pebble!.directoryUrl,
      domain: DOMAIN,
      accountKeyPem,
      challenges: store,
      caBundlePem: pebble!.caBundlePem,
      timeoutMs: 3_000,
    }).then(
      () => undefined,
      (err: unknown) => err,
    );
    expect(error).toBeInstanceOf(AcmeIssuanceError);
    expect((error as Error).message).toMatch(/timed out after 3000 ms/);
    expect(responder!.state.hits.some((p) => p.startsWith(CHALLENGE_PATH))).toBe(true);
    expect(store.size()).toBe(0);
  });
});
