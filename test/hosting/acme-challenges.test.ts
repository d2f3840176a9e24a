import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { putAcmeChallenge, removeAcmeChallenge } from '../../src/db/queries/domains';
import { AcmeChallenges } from '../../src/hosting/edge/acme-challenges';
import { announceRoutesChanged } from '../../src/hosting/routes-events';
import { edgeGet, startHostingHarness, type HostingHarness } from './support/hosting-harness';

vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

let h: HostingHarness;
const token = () => randomBytes(24).toString('base64url');
const placed: string[] = [];

beforeAll(async () => {
  h = await startHostingHarness();
});
afterAll(async () => {
  await Promise.allSettled(placed.map((t) => removeAcmeChallenge(h.svc.rt.db, t)));
  await h?.close();
});

describe('AcmeChallenges (issue 24: made-up tokens cost no query each)', () => {
  it('answers a stream of unknown tokens from one read of the table until told of a change', async () => {
    // A TTL no test run outlasts: only forget() may bring a second read.
    const acme = new AcmeChallenges(h.svc.rt.db, 3_600_000);
    const misses = await Promise.all(Array.from({ length: 50 }, () => acme.keyAuthorization(token())));
    for (let i = 0; i < 50; i++) misses.push(await acme.keyAuthorization(token()));
    expect(misses.every((m) => m === null)).toBe(true);
    expect(acme.reads).toBe(1);

    // Written after that read: unknown until the edge is told, as the certificate job does before the CA asks.
    const t = token();
    placed.push(t);
    await putAcmeChallenge(h.svc.rt.db, t, `${t}.thumbprint`);
    expect(await acme.keyAuthorization(t)).toBeNull();
    acme.forget();
    expect(await acme.keyAuthorization(t)).toBe(`${t}.thumbprint`);
    expect(await acme.keyAuthorization(token())).toBeNull();
    expect(acme.reads).toBe(2);
  });

  it('asks for the token itself when there are more pending challenges than it holds', async () => {
    const t = token();
    placed.push(t);
    await putAcmeChallenge(h.svc.rt.db, t, `${t}.thumbprint`);
    const acme = new AcmeChallenges(h.svc.rt.db, 3_600_000, 0);
    expect(await acme.keyAuthorization(t)).toBe(`${t}.thumbprint`);
    expect(await acme.keyAuthorization(token())).toBeNull();
    expect(acme.reads).toBe(3);
  });
});

it('the edge answers a challenge written after it answered a miss, once the change is announced', async () => {
  const t = token();
  placed.push(t);
  const path = `/.well-known/acme-challenge/${t}`;
  expect((await edgeGet(h.edge.httpPort, 'shop.example', path)).status).toBe(404);
  await putAcmeChallenge(h.svc.rt.db, t, `${t}.thumbprint`);
  await announceRoutesChanged(h.svc.rt);
  const answer = await edgeGet(h.edge.httpPort, 'shop.example', path);
  expect(answer.status).toBe(200);
  expect(answer.body.toString()).toBe(`${t}.thumbprint`);
  expect(h.edge.acme.reads).toBeGreaterThanOrEqual(2);
});
