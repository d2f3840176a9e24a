import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AcmeIssuanceError, createMemoryChallengeStore, describeProblem, issueAcmeCertificate, toAcmeProblem } from '../../src/hosting/tls';

describe('toAcmeProblem', () => {
  it('keeps the RFC 8555 fields, subproblems included, and drops the rest', () => {
    const raw = {
      type: 'urn:ietf:params:acme:error:malformed',
      detail: 'Some of the identifiers requested were rejected',
      status: 400,
      instance: 'https://ca.example/x',
      subproblems: [
        { type: 'urn:ietf:params:acme:error:rejectedIdentifier', detail: 'not allowed', identifier: { type: 'dns', value: 'a.example' }, extra: 1 },
        { detail: 'no type', status: 'nope' },
      ],
    };
    expect(toAcmeProblem(raw, 'fallback')).toEqual({
      type: 'urn:ietf:params:acme:error:malformed',
      detail: 'Some of the identifiers requested were rejected',
      status: 400,
      subproblems: [
        { type: 'urn:ietf:params:acme:error:rejectedIdentifier', detail: 'not allowed', identifier: { type: 'dns', value: 'a.example' } },
        { detail: 'no type' },
      ],
    });
  });

  it('falls back to the given detail when the CA sent nothing usable', () => {
    expect(toAcmeProblem(undefined, 'validation failed')).toEqual({ detail: 'validation failed' });
    expect(toAcmeProblem('oops', 'validation failed')).toEqual({ detail: 'validation failed' });
    expect(toAcmeProblem({ type: '', detail: 3, status: 4.5 }, 'x')).toEqual({ detail: 'x' });
  });

  it('describes a problem in one line', () => {
    expect(describeProblem({ type: 'urn:ietf:params:acme:error:dns', detail: 'no A record' })).toBe('no A record (urn:ietf:params:acme:error:dns)');
    expect(describeProblem(undefined)).toBe('no detail given by the CA');
  });
});

describe('issueAcmeCertificate and a CA that refuses the order request', () => {
  // A minimal RFC 8555 server on loopback: enough of the protocol for acme-client to reach newOrder, which it
  // refuses with a problem document (as Let's Encrypt does for rate limits and names it will not issue for).
  let server: Server;
  let base: string;
  const refusal = {
    type: 'urn:ietf:params:acme:error:rejectedIdentifier',
    detail: 'Error creating new order :: one of the names is not allowed',
    status: 400,
    subproblems: [
      { type: 'urn:ietf:params:acme:error:rejectedIdentifier', detail: 'blocked by policy', identifier: { type: 'dns', value: 'refused.example' } },
    ],
  };

  beforeAll(async () => {
    let nonce = 0;
    server = createServer((req, res) => {
      res.setHeader('Replay-Nonce', `nonce-${++nonce}`);
      req.resume();
      req.on('end', () => {
        const json = (status: number, body: unknown, type = 'application/json', headers: Record<string, string> = {}) => {
          res.writeHead(status, { 'Content-Type': type, ...headers });
          res.end(JSON.stringify(body));
        };
        if (req.url === '/dir') return json(200, { newNonce: `${base}/nonce`, newAccount: `${base}/account`, newOrder: `${base}/order` });
        if (req.url === '/nonce') return res.writeHead(200).end();
        if (req.url === '/account') return json(201, { status: 'valid' }, 'application/json', { Location: `${base}/account/1` });
        if (req.url === '/order') return json(400, refusal, 'application/problem+json');
        res.writeHead(404).end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
  });

  it('keeps the whole problem document, not only the detail acme-client passes on', async () => {
    const err = await issueAcmeCertificate({
      directoryUrl: `${base}/dir`,
      domain: 'refused.example',
      challenges: createMemoryChallengeStore(),
      timeoutMs: 20_000,
    }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AcmeIssuanceError);
    expect((err as AcmeIssuanceError).problem).toEqual(refusal);
    expect((err as AcmeIssuanceError).message).toBe(`ACME issuance for refused.example failed: ${refusal.detail}`);
  });
});
