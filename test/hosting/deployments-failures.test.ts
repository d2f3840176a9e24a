import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildDeployment } from '../../src/hosting/build-deployment';
import { insertDeployment, findDeployment } from '../../src/db/queries/deployments';
import { claimSiteOwner } from '../../src/db/queries/sites';
import { newId } from '../../src/ids';
import { rawTarGz, renameInZip, zipBuffer, PNG_HEAD } from './support/archive-fixtures';
import { edgeGet, freePort, HOSTING_DOMAIN, startFileHost, startHostingHarness, until, type HostingHarness } from './support/hosting-harness';
import { createTestAccount, jsonRequest } from '../support/runtime';

let h: HostingHarness;
let files: Awaited<ReturnType<typeof startFileHost>>;

beforeAll(async () => {
  h = await startHostingHarness();
  files = await startFileHost();
  files.put('/ok.zip', await zipBuffer([{ name: 'index.html', data: 'ok' }]));
  files.put('/picture.zip', PNG_HEAD);
  // yazl refuses unsafe names, so the name is swapped in place after building.
  files.put('/slip.zip', renameInZip(await zipBuffer([{ name: 'xx/xx/evil.txt', data: 'pwned' }]), 'xx/xx/evil.txt', '../../evil.txt'));
  files.put(
    '/symlink.zip',
    await zipBuffer([
      { name: 'index.html', data: 'hi' },
      { name: 'link', data: '/etc/passwd', mode: 0o120777 },
    ]),
  );
  files.put(
    '/symlink.tar.gz',
    rawTarGz([
      { name: 'index.html', data: 'hi' },
      { name: 'link', type: '2', linkname: '/etc/passwd' },
    ]),
  );
  files.put('/bomb.zip', await zipBuffer([{ name: 'zeros.bin', data: Buffer.alloc(60 * 1024 * 1024) }]));
});
afterAll(async () => {
  await h.close();
  await files.close();
});

type LogLine = { level: string; message: string };

async function failedBuild(sourceUrl: string, harness = h, siteId = 'failing'): Promise<{ error: string; lines: LogLine[] }> {
  const d = await harness.deploy({ site_id: siteId, source_url: sourceUrl });
  expect(d.status).toBe('failed');
  expect(d.url).toBeUndefined();
  const logs = await (await harness.svc.app.request(`/v1/hosting/deployments/${d.id}/logs`, { headers: harness.auth })).json();
  expect(logs.lines.at(-1)).toMatchObject({ level: 'error', message: d.error });
  return { error: d.error as string, lines: logs.lines };
}

async function failureOf(sourceUrl: string, siteId = 'failing') {
  return (await failedBuild(sourceUrl, h, siteId)).error;
}

/** Each attempt downloads once and ends with one line giving its outcome: a retry warning, or the final error. */
function expectAttempts(lines: LogLine[], attempts: number, cause: RegExp) {
  expect(lines.filter((l) => l.message.startsWith('Downloading ')).length).toBe(attempts);
  const outcomes = lines.filter((l) => /^Attempt \d of \d failed|^The build failed|^Could not download/.test(l.message));
  expect(outcomes.map((l) => l.level)).toEqual([...Array<string>(attempts - 1).fill('warn'), 'error']);
  for (const l of outcomes) expect(l.message).toMatch(cause);
}

/** A loopback server that accepts connections and never answers them. */
async function startSilentServer(): Promise<{ url(path: string): string; close(): Promise<void> }> {
  const server: Server = createServer(() => undefined);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as AddressInfo).port;
  return {
    url: (path) => `http://127.0.0.1:${port}${path}`,
    close: () => {
      server.closeAllConnections();
      return new Promise((r) => server.close(() => r()));
    },
  };
}

describe('failed builds end `failed` with an error and log lines', () => {
  it('a source that answers 404', async () => {
    expect(await failureOf(files.url('/missing.zip'))).toMatch(/HTTP 404/);
  });
  it('a file that is not an archive (whatever its name)', async () => {
    expect(await failureOf(files.url('/picture.zip'))).toMatch(/not a \.zip or \.tar\.gz archive/);
  });
  it('zip-slip', async () => {
    expect(await failureOf(files.url('/slip.zip'))).toMatch(/refused.*\.\./);
  });
  it('a symlink in a zip and in a tar.gz', async () => {
    expect(await failureOf(files.url('/symlink.zip'))).toMatch(/link/i);
    expect(await failureOf(files.url('/symlink.tar.gz'))).toMatch(/link/i);
  });
  it('a zip bomb', async () => {
    expect(await failureOf(files.url('/bomb.zip'))).toMatch(/expands to more than \d+ times its size|too large/);
  });
  it('a redeploy with nothing published before', async () => {
    const d = await h.deploy({ site_id: 'never-published' });
    expect(d.status).toBe('failed');
    expect(d.error).toMatch(/no earlier successful deployment/);
  });
  it('nothing of a failed build is served', async () => {
    expect((await edgeGet(h.edge.httpPort, `failing.${HOSTING_DOMAIN}`, '/')).status).toBe(404);
  });
});

describe("failures say why: the error and the log carry the last attempt's cause", () => {
  let limited: HostingHarness;
  let silent: Awaited<ReturnType<typeof startSilentServer>>;
  beforeAll(async () => {
    limited = await startHostingHarness({ FETCH_TIMEOUT_MS: '1000', DEPLOY_MAX_ARCHIVE_BYTES: '1024' });
    silent = await startSilentServer();
    files.put('/page.zip', Buffer.from('<!doctype html><html><body>Not found, but with 200</body></html>'));
    // Random bytes, so compression cannot bring the archive under the 1 KiB limit.
    files.put('/big.zip', await zipBuffer([{ name: 'noise.bin', data: randomBytes(4096) }]));
  });
  afterAll(async () => {
    await limited.close();
    await silent.close();
  });

  it('a closed port: connection refused, one line per attempt', async () => {
    const port = await freePort();
    const { error, lines } = await failedBuild(`http://127.0.0.1:${port}/site.zip`);
    expect(error).toBe(`The build failed after 3 attempts: could not connect to 127.0.0.1:${port} (connection refused).`);
    expectAttempts(lines, 3, /connection refused/);
  }, 300_000);
  it('a name that does not resolve', async () => {
    const { error, lines } = await failedBuild('http://kiln-does-not-exist.invalid/site.zip');
    expect(error).toBe('The build failed after 3 attempts: could not resolve host kiln-does-not-exist.invalid.');
    expectAttempts(lines, 3, /could not resolve host kiln-does-not-exist\.invalid/);
  }, 300_000);
  it('a source that never answers: timed out', async () => {
    const { error, lines } = await failedBuild(silent.url('/site.zip'), limited, 'limited');
    expect(error).toMatch(/^The build failed after 3 attempts: fetching from 127\.0\.0\.1:\d+ timed out after 1 s\.$/);
    expectAttempts(lines, 3, /timed out/);
  }, 300_000);
  it('404, an HTML page, and a source over the size limit fail at the first attempt', async () => {
    const missing = await failedBuild(files.url('/missing.zip'));
    expect(missing.error).toMatch(/^Could not download the source: source returned HTTP 404 \(127\.0\.0\.1:\d+\)\.$/);
    expectAttempts(missing.lines, 1, /HTTP 404/);
    const page = await failedBuild(files.url('/page.zip'));
    expect(page.error).toMatch(/not a \.zip or \.tar\.gz archive/);
    expect(page.lines.filter((l) => l.message.startsWith('Downloading ')).length).toBe(1);
    const big = await failedBuild(files.url('/big.zip'), limited, 'limited');
    expect(big.error).toMatch(/^Could not download the source: source at 127\.0\.0\.1:\d+ is too large \(over the 1 KiB limit\)\.$/);
    expectAttempts(big.lines, 1, /too large/);
  });
});

describe('fetch rules', () => {
  it('with FETCH_ALLOW_PRIVATE off, a refused IP literal or localhost is a 400 at creation and never reached', async () => {
    const strict = await startHostingHarness({ FETCH_ALLOW_PRIVATE: 'false' });
    try {
      const before = files.hits('/ok.zip');
      for (const url of [
        files.url('/ok.zip'),
        'http://[::1]/',
        'http://localhost/',
        'http://10.0.0.1/',
        'http://169.254.169.254/',
        'http://[::ffff:127.0.0.1]/',
        'http://2130706433/',
      ]) {
        const res = await strict.svc.app.request('/v1/hosting/deployments', jsonRequest({ site_id: 'strict', source_url: url }, strict.auth));
        expect(res.status, url).toBe(400);
        const body = await res.json();
        expect(body.error.code).toBe('invalid_parameter');
        expect(body.error.message).toMatch(/^'source_url' .*(loopback|private|link-local)/);
      }
      expect(files.hits('/ok.zip')).toBe(before);
      // Names are accepted and checked when fetched, as what they resolve to can change.
      const { error, lines } = await failedBuild('http://kiln-does-not-exist.invalid/site.zip', strict, 'strict');
      expect(error).toMatch(/could not resolve host kiln-does-not-exist\.invalid/);
      expectAttempts(lines, 3, /could not resolve host/);
    } finally {
      await strict.close();
    }
  }, 300_000);
});

describe('out-of-order builds', () => {
  it('a build that finishes after a newer one was published does not replace it', async () => {
    files.put('/old.zip', await zipBuffer([{ name: 'index.html', data: 'old' }]));
    files.put('/new.zip', await zipBuffer([{ name: 'index.html', data: 'new' }]));
    const { accountId } = await createTestAccount(h.svc.rt, 'business');
    await claimSiteOwner(h.svc.rt.db, accountId, 'race');
    const older = await insertDeployment(h.svc.rt.db, {
      id: newId('dep'),
      accountId,
      siteId: 'race',
      environment: 'production',
      sourceUrl: files.url('/old.zip'),
    });
    await new Promise((r) => setTimeout(r, 5));
    const newer = await insertDeployment(h.svc.rt.db, {
      id: newId('dep'),
      accountId,
      siteId: 'race',
      environment: 'production',
      sourceUrl: files.url('/new.zip'),
    });
    const ctx = (id: string) => ({ rt: h.svc.rt, job: { attemptsMade: 0, id } as never, log: h.svc.rt.log });
    await buildDeployment(ctx(newer.id), { id: newer.id });
    await buildDeployment(ctx(older.id), { id: older.id });
    expect((await findDeployment(h.svc.rt.db, older.id))!.status).toBe('published');
    await until('edge to settle', async () => (await edgeGet(h.edge.httpPort, `race.${HOSTING_DOMAIN}`, '/')).body.toString() === 'new');
    await new Promise((r) => setTimeout(r, 200));
    expect((await edgeGet(h.edge.httpPort, `race.${HOSTING_DOMAIN}`, '/')).body.toString()).toBe('new');
    // Running a finished build again changes nothing.
    await buildDeployment(ctx(older.id), { id: older.id });
    expect((await edgeGet(h.edge.httpPort, `race.${HOSTING_DOMAIN}`, '/')).body.toString()).toBe('new');
  });
});

describe('errors of spec section 7 for deployments', () => {
  const post = (body: unknown, headers = h.auth) => h.svc.app.request('/v1/hosting/deployments', jsonRequest(body, headers));
  const code = async (res: Response) => [res.status, (await res.json()).error.code];

  it('400 missing_required_field and invalid_parameter', async () => {
    expect(await code(await post({}))).toEqual([400, 'missing_required_field']);
    expect(await code(await post({ site_id: ' ' }))).toEqual([400, 'missing_required_field']);
    expect(await code(await post({ site_id: 'Bad_Site' }))).toEqual([400, 'invalid_parameter']);
    expect(await code(await post({ site_id: '-a' }))).toEqual([400, 'invalid_parameter']);
    expect(await code(await post({ site_id: 'a'.repeat(41) }))).toEqual([400, 'invalid_parameter']);
    expect(await code(await post({ site_id: 'ok', source_url: 'ftp://x/site.zip' }))).toEqual([400, 'invalid_parameter']);
    expect(await code(await post({ site_id: 'ok', source_url: 'not a url' }))).toEqual([400, 'invalid_parameter']);
    expect(await code(await post({ site_id: 'ok', environment: 'staging' }))).toEqual([400, 'invalid_parameter']);
  });

  it('401, 403 for a plan without hosting, 404 for a site of another account', async () => {
    expect(await code(await post({ site_id: 'x' }, {}))).toEqual([401, 'unauthorized']);
    const pro = await createTestAccount(h.svc.rt, 'pro');
    expect(await code(await post({ site_id: 'x' }, pro.auth))).toEqual([403, 'forbidden']);
    const other = await createTestAccount(h.svc.rt, 'business');
    await post({ site_id: 'owned-by-h', source_url: files.url('/ok.zip') });
    expect(await code(await post({ site_id: 'owned-by-h' }, other.auth))).toEqual([404, 'not_found']);
  });

  it('GET, logs and rollback: 404 for unknown ids and other accounts, 400 for a target never published', async () => {
    const other = await createTestAccount(h.svc.rt, 'business');
    const mine = await h.deploy({ site_id: 'mine', source_url: files.url('/ok.zip') });
    for (const path of [`/v1/hosting/deployments/${mine.id}`, `/v1/hosting/deployments/${mine.id}/logs`]) {
      expect(await code(await h.svc.app.request(path, { headers: other.auth }))).toEqual([404, 'not_found']);
    }
    expect(await code(await h.svc.app.request(`/v1/hosting/deployments/${mine.id}/rollback`, { method: 'POST', headers: other.auth }))).toEqual([
      404,
      'not_found',
    ]);
    expect(await code(await h.svc.app.request('/v1/hosting/deployments/dep_nope', { headers: h.auth }))).toEqual([404, 'not_found']);
    expect(await code(await h.svc.app.request('/v1/hosting/deployments/dep_nope/rollback', { method: 'POST', headers: h.auth }))).toEqual([404, 'not_found']);
    const failed = await h.deploy({ site_id: 'mine', source_url: files.url('/missing.zip') });
    const res = await h.svc.app.request(`/v1/hosting/deployments/${failed.id}/rollback`, { method: 'POST', headers: h.auth });
    expect(await code(res)).toEqual([400, 'invalid_parameter']);
  });
});
