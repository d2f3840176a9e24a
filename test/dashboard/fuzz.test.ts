import { randomBytes } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiKey } from '../../src/accounts/create-api-key';
import { createDashboardUser, type DashboardUser, signedInClient } from '../support/dashboard';
import { type MailServer, startMailServer } from '../support/mail-server';
import { startTestService, testConfig, type TestService } from '../support/runtime';
import { nastyStrings, sometimes, oddPathSegments, queryStrings } from '../support/fuzz';

/**
 * Property-based fuzzing of every /dashboard route through `app.request()`, signed in: odd path
 * parameters, query strings, form bodies of every content type (within the 64 KB form limit and past
 * it), with and without the form token. Whatever arrives, the answer is below 500 and is a page (HTML)
 * or a redirect, and nothing of another account changes. The routes are read from the app, so a new
 * page is fuzzed without touching this file.
 */

const SEED = 20261126;
const RUNS = 1_000;
const FORM_LIMIT = 64 * 1024;

let svc: TestService;
let mail: MailServer;
let me: DashboardUser;
let other: DashboardUser;
/** The signed-in browser's cookie header and form token; renewed when a fuzzed request ends the session. */
const session = { cookie: '', csrf: '' };
/** Ids of real keys: this account's (so that some requests reach past the lookups) and the other's. */
const mine: string[] = [];
const theirs: string[] = [];

interface Route {
  method: string;
  path: string;
}
const routes: Route[] = [];

async function signIn() {
  const { client } = await signedInClient(svc.app, svc.rt, { accountId: me.accountId });
  session.cookie = client.cookieHeader;
  session.csrf = client.csrf;
}

/** Everything of the other account a dashboard request could touch. */
async function snapshotOther() {
  const sql = svc.rt.database.sql;
  return {
    keys: await sql`SELECT id, label, revoked_at FROM api_keys WHERE account_id = ${other.accountId} ORDER BY id`,
    user: await sql`SELECT email, password_hash FROM users WHERE id = ${other.userId}`,
    members: await sql`SELECT user_id, role FROM memberships WHERE account_id = ${other.accountId} ORDER BY user_id`,
    sessions: await sql`SELECT token_hash FROM sessions WHERE user_id = ${other.userId} ORDER BY token_hash`,
    resets: await sql`SELECT count(*)::int AS n FROM password_resets WHERE user_id = ${other.userId}`,
    audit: await sql`SELECT id, action FROM audit_events WHERE account_id = ${other.accountId} ORDER BY id`,
    account: await sql`SELECT name, plan_id FROM accounts WHERE id = ${other.accountId}`,
  };
}
let before: Awaited<ReturnType<typeof snapshotOther>>;

beforeAll(async () => {
  mail = await startMailServer();
  // Open sign-up and a mail server, so that every public page exists too.
  svc = await startTestService({}, testConfig({ DASHBOARD_SIGNUP: 'open', SMTP_URL: mail.url }));
  me = await createDashboardUser(svc.rt);
  other = await createDashboardUser(svc.rt);
  for (let i = 0; i < 3; i++) {
    mine.push((await createApiKey(svc.rt.db, { accountId: me.accountId, label: `fuzz ${i}` })).id);
    theirs.push((await createApiKey(svc.rt.db, { accountId: other.accountId, label: `theirs ${i}` })).id);
  }
  // The other account has a signed-in session of its own.
  await signedInClient(svc.app, svc.rt, { accountId: other.accountId });
  before = await snapshotOther();
  // The fuzzing browser is a fresh member of `me`'s account each time it (re)signs in.
  await signIn();

  const seen = new Set<string>();
  for (const r of svc.app.routes) {
    if (!r.path.startsWith('/dashboard') || r.path.includes('*') || r.method === 'ALL' || seen.has(`${r.method} ${r.path}`)) continue;
    seen.add(`${r.method} ${r.path}`);
    routes.push({ method: r.method, path: r.path });
  }
}, 120_000);

afterAll(async () => {
  await svc?.close();
  await mail?.close();
});

// ---------- values ----------

const nasty = nastyStrings('<script>alert(1)</script>', '"\'><');
const big = fc.constantFrom(1_000, 30_000, FORM_LIMIT - 200, FORM_LIMIT + 10, 200_000).map((n) => 'x'.repeat(n));

/** Plausible values per field name, so that many requests pass validation and reach the handlers. */
const PLAUSIBLE: Record<string, fc.Arbitrary<string>> = {
  email: fc.oneof(
    fc.constantFrom('not-an-email', 'a@b', `${'a'.repeat(250)}@example.com`),
    fc.constant(null).map(() => `fuzz-${randomBytes(5).toString('hex')}@example.com`),
  ),
  password: fc.constantFrom('short', 'a long enough password', 'x'.repeat(2000)),
  confirm: fc.constantFrom('a long enough password', 'different'),
  current: fc.constantFrom('wrong password', ''),
  label: fc.constantFrom('ci server', '', 'x'.repeat(101), 'tab\there'),
  account: fc.constantFrom('Fuzz team', '', 'x'.repeat(81)),
  next: fc.constantFrom('/dashboard/keys', 'https://evil.example/', '//evil.example', '/dashboard\\@evil', ''),
};
const FIELDS = Object.keys(PLAUSIBLE);
const fieldValue = (name: string) =>
  fc.oneof({ arbitrary: PLAUSIBLE[name] ?? fc.string({ maxLength: 20 }), weight: 4 }, { arbitrary: nasty, weight: 2 }, { arbitrary: big, weight: 1 });

const csrfChoice = fc.oneof(
  { arbitrary: fc.constant('valid' as const), weight: 6 },
  { arbitrary: fc.constantFrom(null, '', 'x', 'A'.repeat(43)), weight: 2 },
  { arbitrary: nasty, weight: 1 },
);

const fields = fc.tuple(
  fc.subarray(FIELDS).chain((names) => fc.tuple(...names.map((n) => fieldValue(n).map((v) => [n, v] as const)))),
  sometimes(fc.tuple(fc.oneof(nasty, fc.constantFrom('__proto__', 'constructor', '_csrf')), fc.oneof(nasty, big)), 20),
  csrfChoice,
);

const BOUNDARY = 'fuzzBoundary7MA4YWxk';
type Body = { body: string | Uint8Array; contentType: string | null };

function encodeBody(kind: string, entries: [string, string][], cut: number | null): Body {
  if (kind === 'urlencoded') {
    // URLSearchParams cannot write a lone surrogate; escape what it would refuse by hand.
    const text = entries
      .map(([k, v]) => `${encodeURIComponent(k.replace(/[\ud800-\udfff]/g, ''))}=${encodeURIComponent(v.replace(/[\ud800-\udfff]/g, ''))}`)
      .join('&');
    return { body: cut === null ? text : text.slice(0, cut), contentType: 'application/x-www-form-urlencoded' };
  }
  if (kind === 'multipart') {
    const parts = entries.map(([k, v]) => `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`).join('');
    const bytes = new TextEncoder().encode(`${parts}--${BOUNDARY}--\r\n`);
    return { body: cut === null ? bytes : bytes.slice(0, cut), contentType: `multipart/form-data; boundary=${BOUNDARY}` };
  }
  if (kind === 'file') {
    const [name, value] = entries[0] ?? ['email', 'x'];
    const text = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"; filename="a.txt"\r\nContent-Type: text/plain\r\n\r\n${value}\r\n--${BOUNDARY}--\r\n`;
    return { body: text, contentType: `multipart/form-data; boundary=${BOUNDARY}` };
  }
  if (kind === 'json') return { body: JSON.stringify(Object.fromEntries(entries)), contentType: 'application/json' };
  return { body: entries.map(([k, v]) => `${k}=${v}`).join('&'), contentType: null };
}

const contentTypes = fc.constantFrom(
  'text/plain',
  'application/octet-stream',
  'multipart/form-data',
  'multipart/form-data; boundary=',
  'multipart/form-data; boundary=wrong',
  'application/x-www-form-urlencoded; charset=utf-16',
  '',
  'ü/ÿ; ;;=',
);

const pathParam = fc.oneof(
  {
    arbitrary: fc.constantFrom(
      '%zz',
      '%',
      '%00',
      '%ED%A0%80',
      '%C0%80',
      '%FF',
      '%2F',
      '%25zz',
      '..',
      '.',
      'a%20b',
      'x'.repeat(5000),
      '%F0%9F%98%80',
      'Ω',
      '00000000-0000-0000-0000-000000000000',
      `${'A'.repeat(43)}`,
    ),
    weight: 3,
  },
  { arbitrary: fc.constant('mine'), weight: 2 },
  { arbitrary: fc.constant('theirs'), weight: 2 },
  ...oddPathSegments,
);

const queryString = queryStrings(['done=revoked', 'done=password', 'before=-1', 'before=abc', 'before=1e400', 'next=%2F%2Fevil'], nasty);

interface FuzzRequest {
  route: Route;
  method: string;
  url: string;
  init: RequestInit;
}

const fuzzRequest = (): fc.Arbitrary<FuzzRequest> =>
  fc.constantFrom(...routes).chain((route) => {
    const params = route.path.match(/:[A-Za-z_]\w*/g) ?? [];
    return fc
      .record({
        values: fc.tuple(...params.map(() => fc.tuple(pathParam, fc.nat(2)))),
        query: queryString,
        fields,
        kind: fc.constantFrom('urlencoded', 'urlencoded', 'urlencoded', 'multipart', 'multipart', 'file', 'json', 'raw'),
        cut: sometimes(fc.nat(300), 10),
        contentType: sometimes(contentTypes, 15),
        otherMethod: sometimes(fc.constantFrom('GET', 'POST', 'PUT', 'PATCH', 'DELETE'), 8),
        anonymous: sometimes(fc.constant(true), 10),
        crossSite: sometimes(fc.constantFrom('cross-site', 'same-site', 'none'), 5),
      })
      .map(({ values, query, fields: [entries, extra, csrf], kind, cut, contentType, otherMethod, anonymous, crossSite }) => {
        let i = 0;
        const path = route.path.replace(/:[A-Za-z_]\w*/g, () => {
          const [value, pick] = values[i++]!;
          if (value === 'mine') return mine[pick]!;
          if (value === 'theirs') return theirs[pick]!;
          return value;
        });
        const method = otherMethod ?? route.method;
        const all: [string, string][] = entries.map(([k, v]) => [k, v]);
        if (extra) all.push(extra);
        if (csrf !== null) all.push(['_csrf', csrf === 'valid' ? session.csrf : csrf]);
        const body = encodeBody(kind, all, cut);
        const headers = new Headers({ origin: 'http://kiln.test' });
        if (!anonymous) headers.set('cookie', session.cookie);
        if (crossSite) headers.set('sec-fetch-site', crossSite);
        const type = contentType ?? body.contentType;
        if (type !== null && type !== '') headers.set('content-type', type);
        const withBody = method !== 'GET' && method !== 'HEAD';
        const url = `http://kiln.test${path}${query ? `?${query.join('&')}` : ''}`;
        return {
          route,
          method,
          url,
          init: { method, headers, redirect: 'manual' as const, ...(withBody ? { body: body.body } : {}) },
          // Counterexamples carry bodies of up to 200 KB: say what they were, not all of them.
          [fc.toStringMethod]: () =>
            `${method} ${url.slice(0, 300)} type=${JSON.stringify(type)} anonymous=${Boolean(anonymous)} body(${body.body.length})=${JSON.stringify(String(typeof body.body === 'string' ? body.body : Buffer.from(body.body).toString('latin1')).slice(0, 400))}`,
        };
      });
  });

/** The asset route serves its stylesheet and script; everything else is a page or a redirect. */
function expectPageOrRedirect(req: FuzzRequest, res: Response) {
  const type = res.headers.get('content-type') ?? '';
  const where = `${req.method} ${req.url.slice(0, 200)} → ${res.status} ${type}`;
  if (res.status >= 300 && res.status < 400) {
    expect(res.headers.get('location'), where).toBeTruthy();
    return;
  }
  if (req.route.path === '/dashboard/assets/:name' && res.status === 200) {
    expect(type, where).toMatch(/^text\/(css|javascript)/);
    return;
  }
  expect(type, where).toMatch(/^text\/html/);
}

/** Whether the fuzzed session still works (a request may have signed it out or changed its password). */
async function stillSignedIn(): Promise<boolean> {
  const res = await svc.app.request('http://kiln.test/dashboard/account', { headers: { cookie: session.cookie }, redirect: 'manual' });
  await res.arrayBuffer();
  return res.status === 200;
}

describe('fuzzing every /dashboard route', () => {
  it(`${RUNS} seeded requests: no 5xx, always a page or a redirect, the other account untouched`, async () => {
    const hits = new Map<string, number>();
    const statuses = new Map<number, number>();
    await fc.assert(
      fc.asyncProperty(fuzzRequest(), async (req) => {
        const res = await svc.app.request(req.url, req.init);
        const key = `${req.route.method} ${req.route.path}`;
        hits.set(key, (hits.get(key) ?? 0) + 1);
        statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
        expect(res.status, `${req.method} ${req.url.slice(0, 200)}`).toBeLessThan(500);
        expectPageOrRedirect(req, res);
        await res.arrayBuffer();
        if (req.method !== 'GET' && res.status === 303 && !(await stillSignedIn())) await signIn();
      }),
      { seed: SEED, numRuns: RUNS, endOnFailure: true },
    );
    for (const route of routes) expect(hits.get(`${route.method} ${route.path}`) ?? 0, `${route.method} ${route.path}`).toBeGreaterThan(0);
    // Some requests got through the token check and validation.
    expect([...statuses.keys()].some((s) => s === 200)).toBe(true);
    expect([...statuses.keys()].some((s) => s === 303)).toBe(true);
    expect(await snapshotOther()).toEqual(before);
    console.info('dashboard fuzz statuses', Object.fromEntries([...statuses].sort((a, b) => a[0] - b[0])));
  }, 600_000);
});
