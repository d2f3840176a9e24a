import fc from 'fast-check';
import { ERROR_STATUS } from '../../src/errors/codes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from '../../src/db/queries/accounts';
import { createApiKey } from '../../src/accounts/create-api-key';
import { plans } from '../../src/db/schema';
import { startDnsServer, type FakeDnsServer } from '../hosting/support/dns-server';
import { createTestAccount, jsonRequest, startTestService, testConfig, type TestService } from '../support/runtime';
import { anyUnits, nastyStrings, sometimes, oddPathSegments, queryStrings } from '../support/fuzz';

/**
 * Property-based fuzzing of every /v1 route through `app.request()`: odd path parameters, query strings,
 * headers, content types, JSON bodies (wrong types, NUL, lone surrogates, huge numbers, deep nesting,
 * unknown fields) and multipart uploads. Whatever arrives, the answer is below 500 and every error is
 * exactly the envelope. The route list is read from the app and the body fields from /openapi.json, so
 * a new route is fuzzed without touching this file (and the coverage check below fails until it is).
 */

const SEED = 20261126;
const RUNS = 2_000;

let svc: TestService;
let dns: FakeDnsServer;
const keys: Record<'business' | 'free' | 'exhausted', string> = { business: '', free: '', exhausted: '' };
/** Ids of real resources of the business account, so that some requests reach past the lookups. */
const existing: string[] = [];

interface Route {
  method: string;
  path: string;
  /** Body fields from the OpenAPI document: name → JSON schema. */
  fields: Record<string, { type?: string; enum?: unknown[] }>;
  multipart: boolean;
}
const routes: Route[] = [];

beforeAll(async () => {
  dns = await startDnsServer();
  // No worker runs here: a valid request would wait out the synchronous window for nothing, so it
  // answers 202 at once instead; what is under test is everything before the job.
  // The OpenAI-compatible routes have no 202: past their wait they answer 503 (not to be retried), allowed below.
  const config = { ...testConfig({ DNS_SERVERS: dns.server }), SYNC_TIMEOUT_MS: 0, OPENAI_COMPAT_WAIT_MS: 0 };
  svc = await startTestService({}, config);
  keys.business = (await createTestAccount(svc.rt, 'business', 1_000_000)).key;
  keys.free = (await createTestAccount(svc.rt, 'free', 1_000_000)).key;
  await svc.rt.db
    .insert(plans)
    .values({
      id: 'fuzz-exhausted',
      rateLimitPerMinute: 1_000_000,
      quotaTextTokens: 0,
      quotaImagesGenerated: 0,
      quotaAudioSeconds: 0,
      quotaFileChats: 0,
      features: ['usage', 'text', 'plagiarism', 'image', 'voice', 'files', 'hosting'],
    })
    .onConflictDoNothing();
  const exhausted = await createAccount(svc.rt.db, { name: 'fuzz exhausted', planId: 'fuzz-exhausted' as 'free' });
  keys.exhausted = (await createApiKey(svc.rt.db, { accountId: exhausted.id, label: 'fuzz' })).key;

  const auth = { Authorization: `Bearer ${keys.business}` };
  const made = await Promise.all([
    svc.app.request('/v1/hosting/deployments', jsonRequest({ site_id: 'fuzz-site', source_url: 'https://example.com/site.zip' }, auth)),
    svc.app.request('/v1/hosting/domains', jsonRequest({ site_id: 'fuzz-site', domain: 'www.fuzz-example.com' }, auth)),
    svc.app.request('/v1/voice/clone', jsonRequest({ name: 'Fuzz', sample_url: 'https://example.com/voice.mp3' }, auth)),
    svc.app.request('/v1/plagiarism/check', jsonRequest({ text: 'A short text to check for copying.' }, auth)),
  ]);
  for (const res of made) {
    expect(res.status).toBeLessThan(300);
    const body = await res.json();
    existing.push(body.id ?? body.domain ?? body.voice_id);
  }

  const doc = await (await svc.app.request('/openapi.json')).json();
  const seen = new Set<string>();
  for (const r of svc.app.routes) {
    if (!r.path.startsWith('/v1/') || r.path.includes('*') || r.method === 'ALL' || seen.has(`${r.method} ${r.path}`)) continue;
    seen.add(`${r.method} ${r.path}`);
    const op = doc.paths?.[r.path.replace(/:([A-Za-z_]\w*)/g, '{$1}')]?.[r.method.toLowerCase()];
    const content = op?.requestBody?.content ?? {};
    routes.push({ method: r.method, path: r.path, fields: content['application/json']?.schema?.properties ?? {}, multipart: 'multipart/form-data' in content });
  }
}, 120_000);

afterAll(async () => {
  await svc?.close();
  await dns?.close();
});

// ---------- values ----------

const nasty = nastyStrings();

/** A JSON literal written as-is into the body text (numbers JSON.stringify cannot write, deep nesting). */
class Raw {
  constructor(readonly text: string) {}
}
const rawLiterals = fc.constantFrom(
  new Raw('1e400'),
  new Raw('-1e400'),
  new Raw('123456789012345678901234567890'),
  new Raw('-0'),
  new Raw('1e-400'),
  new Raw('0.1e1'),
  new Raw(`${'['.repeat(50_000)}${']'.repeat(50_000)}`),
  new Raw(`${'{"a":'.repeat(20_000)}1${'}'.repeat(20_000)}`),
  new Raw('"\\u0000"'),
  new Raw('"\\ud800"'),
  new Raw('"\\udc00\\ud800"'),
);

function toJsonText(value: unknown): string {
  if (value instanceof Raw) return value.text;
  if (Array.isArray(value)) return `[${value.map(toJsonText).join(',')}]`;
  if (value && typeof value === 'object')
    return `{${Object.entries(value)
      .map(([k, v]) => `${JSON.stringify(k)}:${toJsonText(v)}`)
      .join(',')}}`;
  return JSON.stringify(value) ?? 'null';
}

const oddValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(null, true, false, 0, -1, 1.5, 2 ** 53 + 1, Number.MAX_VALUE, -Number.MAX_VALUE, [], {}),
  nasty,
  rawLiterals,
  fc.array(nasty, { maxLength: 3 }),
  fc.dictionary(nasty, nasty, { maxKeys: 3 }),
  fc.integer(),
  fc.double({ noNaN: true }),
  fc.constant('x'.repeat(200_001)),
);

/** Plausible values per field name, so that many requests pass validation and reach the handlers. */
const PLAUSIBLE: Record<string, fc.Arbitrary<unknown>> = {
  prompt: fc.constantFrom('owls', 'Rewrite this sentence.', 'a tree at dusk'),
  text: fc.constantFrom('Hello there.', 'A short text to check for copying, written for the fuzz test.'),
  message: fc.constantFrom('What is this about?', 'How many rows?'),
  name: fc.constantFrom('Narrator', 'Fuzz voice'),
  sample_url: fc.constantFrom('https://example.com/voice.mp3', 'http://example.com/a.wav', 'ftp://example.com/a.wav', 'https://[::1]/a.mp3'),
  source_url: fc.constantFrom('https://example.com/site.zip', 'http://example.com/site.tar.gz', 'file:///etc/passwd', 'https://127.0.0.1/x.zip'),
  // The suite's test files share one database, and a site id belongs to the first account that uses it:
  // only ids no other test uses.
  site_id: fc.constantFrom('fuzz-site', 'fuzz-site-2', '-bad-', 'UPPER'),
  domain: fc.constantFrom('www.fuzz-example.com', 'fuzz-example.com', 'kiln.localhost', 'xn--zz.com', '127.0.0.1', 'exa mple.com', 'a.b.fuzz-example.org'),
  file_id: fc.constantFrom('file_nope', 'file_'),
  voice_id: fc.constantFrom('en-us-female', 'voice_nope', ''),
  language: fc.constantFrom('en', 'en-GB', 'fr', 'xx-invalid-tag-', 'zh-Hant-TW'),
  count: fc.integer({ min: 0, max: 5 }),
  max_tokens: fc.integer({ min: 0, max: 9000 }),
  speed: fc.double({ min: 0.4, max: 2.1, noNaN: true }),
};

function fieldValue(name: string, schema: { enum?: unknown[]; type?: string }): fc.Arbitrary<unknown> {
  const plausible = schema.enum?.length ? fc.constantFrom(...schema.enum) : (PLAUSIBLE[name] ?? fc.string({ maxLength: 20 }));
  return fc.oneof({ arbitrary: plausible, weight: 4 }, { arbitrary: oddValue, weight: 1 });
}

/** A misspelling of a known field (one edit), or a field nobody knows. */
const unknownField = (known: string[]) =>
  fc.oneof(
    fc
      .constantFrom(...(known.length ? known : ['x']))
      .chain((k) => fc.constantFrom(k.slice(0, -1), `${k}s`, k.toUpperCase(), k.length > 1 ? `${k[1]}${k[0]}${k.slice(2)}` : `${k}${k}`)),
    nasty,
    fc.constantFrom('__proto__', 'constructor', 'voice'),
  );

function jsonBodyText(route: Route): fc.Arbitrary<string | Uint8Array> {
  const known = Object.keys(route.fields);
  const objectBody = fc
    .tuple(
      fc.subarray(known).chain((names) => fc.tuple(...names.map((n) => fieldValue(n, route.fields[n]!).map((v) => [n, v] as const)))),
      sometimes(fc.tuple(unknownField(known), oddValue), 20),
    )
    .map(([entries, extra]) => toJsonText(Object.fromEntries(extra ? [...entries, extra] : entries)));
  const garbage = fc.oneof(
    fc.constantFrom('', ' ', '{', '}', 'null', '[]', '"x"', '{"a":}', '{"prompt":"x",}', '\ufeff{}', 'prompt=owls&max_tokens=20'),
    rawLiterals.map((r) => r.text),
    anyUnits(200),
  );
  const bytes = fc.uint8Array({ maxLength: 200 });
  return fc.oneof({ arbitrary: objectBody, weight: 8 }, { arbitrary: garbage, weight: 2 }, { arbitrary: bytes, weight: 1 });
}

const BOUNDARY = 'fuzzBoundary7MA4YWxk';
function multipartBody(): fc.Arbitrary<{ body: Uint8Array; contentType: string }> {
  const content = fc.oneof(
    fc.constantFrom('name,amount\nada,3\nbob,4\n', '%PDF-1.4\n%broken', '', 'PK\u0003\u0004garbage'),
    fc.uint8Array({ maxLength: 300 }).map((b) => Buffer.from(b).toString('latin1')),
  );
  const disposition = fc.record({
    field: fc.constantFrom('file', 'file', 'file', 'files', '', 'fil\u0000e'),
    filename: sometimes(fc.oneof(fc.constantFrom('data.csv', 'data.csv', '../../etc/passwd', 'a\u0000b.csv', 'C:\\x\\y.pdf', ''), nasty), 90),
    star: fc.boolean(),
  });
  return fc.tuple(disposition, content, sometimes(fc.nat(400), 20), fc.constantFrom(BOUNDARY, 'wrongBoundary', '')).map(([d, text, cut, boundary]) => {
    const filename =
      d.filename === null ? '' : d.star ? `; filename*=UTF-8''${encodeURIComponent(d.filename.replace(/[\ud800-\udfff]/g, ''))}` : `; filename="${d.filename}"`;
    const raw = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${d.field}"${filename}\r\nContent-Type: text/csv\r\n\r\n${text}\r\n--${BOUNDARY}--\r\n`;
    const bytes = new TextEncoder().encode(raw);
    return { body: cut === null ? bytes : bytes.slice(0, cut), contentType: `multipart/form-data; boundary=${boundary}` };
  });
}

// ---------- requests ----------

const pathParam = fc.oneof(
  {
    arbitrary: fc.constantFrom(
      ...[
        '%zz',
        '%',
        '%0',
        '%00',
        'dep_%00',
        'img_%00',
        'voice_%00',
        '%ED%A0%80',
        '%C0%80',
        '%FF',
        '%2F',
        '%25zz',
        '%25',
        '..',
        '.',
        'a%20b',
        'x'.repeat(5000),
        'Www.Fuzz-Example.COM',
        'en-us-female',
      ],
    ),
    weight: 3,
  },
  { arbitrary: fc.constant(null), weight: 2 }, // an existing resource
  ...oddPathSegments,
);

const queryString = queryStrings(
  ['limit=10', 'limit=-1', 'limit=abc', 'limit=1e400', 'starting_after=%00', 'cursor=%ED%A0%80', 'a=b=c', '=', '&', 'q=a+b'],
  nasty,
);

/** Header values a client can send (bytes 0x20–0xFF; the Headers class refuses NUL, CR and LF). */
const latin1 = fc.string({ unit: fc.integer({ min: 0x20, max: 0xff }).map((c) => String.fromCharCode(c)), maxLength: 60 });
const authorization = fc.oneof(
  { arbitrary: fc.constant('business'), weight: 14 },
  { arbitrary: fc.constantFrom('free', 'exhausted'), weight: 3 },
  { arbitrary: fc.constantFrom(null, 'Bearer', 'Bearer ', 'Basic abc', `Bearer kiln_${'A'.repeat(40)}`, 'bearer  kiln_x  '), weight: 1 },
  { arbitrary: latin1.map((s) => `Bearer ${s}`), weight: 1 },
  { arbitrary: latin1.map((s) => `Bearer kiln_${s}`), weight: 1 },
);

const contentTypes = fc.constantFrom(
  'application/json',
  'application/json',
  'application/json; charset=utf-8',
  'text/plain',
  'application/x-www-form-urlencoded',
  `multipart/form-data; boundary=${BOUNDARY}`,
  'multipart/form-data',
  'application/octet-stream',
  '',
  'ü/ÿ; ;;=',
);

interface FuzzRequest {
  route: Route;
  method: string;
  url: string;
  init: RequestInit;
}

const fuzzRequest = (): fc.Arbitrary<FuzzRequest> =>
  fc.constantFrom(...routes).chain((route) => {
    const params = route.path.match(/:[A-Za-z_]\w*/g) ?? [];
    const body = route.multipart
      ? fc.oneof(
          { arbitrary: multipartBody(), weight: 4 },
          { arbitrary: jsonBodyText(route).map((b) => ({ body: b, contentType: null as string | null })), weight: 1 },
        )
      : jsonBodyText(route).map((b) => ({ body: b, contentType: null as string | null }));
    return fc
      .record({
        values: fc.tuple(...params.map(() => fc.tuple(pathParam, fc.nat(existing.length - 1)))),
        query: queryString,
        auth: authorization,
        body,
        contentType: sometimes(contentTypes, 15),
        otherMethod: sometimes(fc.constantFrom('GET', 'POST', 'PUT', 'PATCH', 'DELETE'), 8),
        requestId: sometimes(fc.oneof(fc.constantFrom('req-fuzz-1', 'x'.repeat(300)), latin1), 15),
      })
      .map(({ values, query, auth, body, contentType, otherMethod, requestId }) => {
        let i = 0;
        const path = route.path.replace(/:[A-Za-z_]\w*/g, () => {
          const [value, pick] = values[i++]!;
          return value ?? encodeURIComponent(existing[pick]!);
        });
        const method = otherMethod ?? route.method;
        const headers = new Headers();
        const key = auth === 'business' || auth === 'free' || auth === 'exhausted' ? `Bearer ${keys[auth]}` : auth;
        if (key !== null) headers.set('Authorization', key);
        const type = contentType ?? body.contentType ?? 'application/json';
        if (type !== '') headers.set('Content-Type', type);
        if (requestId !== null) headers.set('X-Request-Id', requestId);
        const withBody = method !== 'GET' && method !== 'HEAD';
        return {
          route,
          method,
          url: `http://kiln.test${path}${query ? `?${query.join('&')}` : ''}`,
          init: { method, headers, ...(withBody ? { body: body.body } : {}) },
        };
      });
  });

/** The OpenAI-compatible routes (src/api/routes/openai/): their errors are in OpenAI's shape. */
const isOpenAIPath = (url: string) => /^\/v1\/(chat|embeddings|models|images|audio)(\/|$|\?)/.test(new URL(url).pathname);

/** OpenAI's `{"error":{"message","type","param","code"}}`, with Kiln's status. */
async function expectOpenAIError(res: Response) {
  expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  const body = JSON.parse(await res.text());
  expect(Object.keys(body)).toEqual(['error']);
  expect(Object.keys(body.error).sort()).toEqual(['code', 'message', 'param', 'type']);
  expect(typeof body.error.message).toBe('string');
  expect(body.error.message.trim().length).toBeGreaterThan(0);
  expect(typeof body.error.type).toBe('string');
}

async function expectEnvelope(res: Response) {
  expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  const body = JSON.parse(await res.text());
  expect(Object.keys(body)).toEqual(['error']);
  // `param` only when the error is about one request parameter: its name as sent (a query parameter may be named '   '), never empty.
  expect(Object.keys(body.error).filter((k) => k !== 'param')).toEqual(['code', 'message', 'request_id']);
  if ('param' in body.error) expect(typeof body.error.param === 'string' && body.error.param.length > 0, JSON.stringify(body.error)).toBe(true);
  expect((ERROR_STATUS as Record<string, number>)[body.error.code], `unknown error code ${body.error.code}`).toBe(res.status);
  expect(typeof body.error.message).toBe('string');
  expect(body.error.message.trim().length).toBeGreaterThan(0);
  expect(body.error.request_id).toBe(res.headers.get('x-request-id'));
  return body.error as { code: string; message: string };
}

describe('fuzzing every /v1 route', () => {
  it(`${RUNS} seeded requests: no 5xx, every error in the envelope`, async () => {
    const hits = new Map<string, number>();
    const statuses = new Map<number, number>();
    await fc.assert(
      fc.asyncProperty(fuzzRequest(), async (req) => {
        const res = await svc.app.request(req.url, req.init);
        const key = `${req.route.method} ${req.route.path}`;
        hits.set(key, (hits.get(key) ?? 0) + 1);
        statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
        // No worker runs here: an OpenAI-compatible request that got through is still running when its wait (0) ends.
        const stillRunning = res.status === 503 && isOpenAIPath(req.url) && res.headers.get('x-should-retry') === 'false';
        if (!stillRunning) expect(res.status, `${req.method} ${req.url}`).toBeLessThan(500);
        if (res.status >= 400 && req.method !== 'HEAD') await (isOpenAIPath(req.url) ? expectOpenAIError(res) : expectEnvelope(res));
        // A stream (streamed text, a job's events) is open-ended by design: no worker runs here to end it.
        else if ((res.headers.get('content-type') ?? '').startsWith('text/event-stream')) await res.body?.cancel();
        else await res.arrayBuffer();
      }),
      { seed: SEED, numRuns: RUNS, endOnFailure: true },
    );
    const total = [...hits.values()].reduce((a, b) => a + b, 0);
    expect(total).toBeGreaterThanOrEqual(RUNS);
    // Every route, a fair share each; and some requests got through validation.
    for (const route of routes)
      expect(hits.get(`${route.method} ${route.path}`) ?? 0, `${route.method} ${route.path}`).toBeGreaterThanOrEqual(RUNS / routes.length / 3);
    expect([...statuses.keys()].some((s) => s < 300)).toBe(true);
    console.info('fuzz statuses', Object.fromEntries([...statuses].sort((a, b) => a[0] - b[0])));
  }, 600_000);
});
