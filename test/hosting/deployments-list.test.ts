import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { zipBuffer } from './support/archive-fixtures';
import { startFileHost, startHostingHarness, type HostingHarness } from './support/hosting-harness';
import { createTestAccount, jsonRequest } from '../support/runtime';

let h: HostingHarness;
let files: Awaited<ReturnType<typeof startFileHost>>;
/** Every deployment of the harness account, as its own GET answers it at the end of setup. */
let mine: any[];
let theirs: any;
let other: Awaited<ReturnType<typeof createTestAccount>>;

const get = async (path: string, auth = h.auth) => h.svc.app.request(path, { headers: auth });
const listOk = async (query = '', auth = h.auth) => {
  const res = await get(`/v1/hosting/deployments${query}`, auth);
  const body = await res.json();
  expect(res.status, JSON.stringify(body)).toBe(200);
  return body as { object: 'list'; data: any[]; has_more: boolean };
};
const errorOf = async (res: Response) => {
  const body = await res.json();
  return [res.status, body.error?.code, body.error?.message] as const;
};
const newestFirst = (ds: any[]) => [...ds].sort((a, b) => b.created_at.localeCompare(a.created_at) || b.id.localeCompare(a.id));

beforeAll(async () => {
  h = await startHostingHarness();
  files = await startFileHost();
  files.put('/site.zip', await zipBuffer([{ name: 'index.html', data: 'hello' }]));
  const deployed = [
    await h.deploy({ site_id: 'dlist-alpha', source_url: files.url('/site.zip') }),
    await h.deploy({ site_id: 'dlist-alpha', source_url: files.url('/site.zip'), environment: 'preview' }),
    await h.deploy({ site_id: 'dlist-alpha', source_url: files.url('/site.zip') }),
    // No source and nothing deployed before: fails.
    await h.deploy({ site_id: 'dlist-beta' }),
    await h.deploy({ site_id: 'dlist-beta', source_url: files.url('/site.zip') }),
    await h.deploy({ site_id: 'dlist-beta', source_url: files.url('/site.zip'), environment: 'preview' }),
    await h.deploy({ site_id: 'dlist-gamma', source_url: files.url('/site.zip') }),
  ];
  // The first alpha production deployment becomes live again: status rolled_back.
  const rolled = await h.svc.app.request(`/v1/hosting/deployments/${deployed[0].id}/rollback`, { method: 'POST', headers: h.auth });
  expect(rolled.status).toBe(200);
  mine = await Promise.all(deployed.map(async (d) => (await get(`/v1/hosting/deployments/${d.id}`)).json()));
  other = await createTestAccount(h.svc.rt, 'business');
  const created = await h.svc.app.request(
    '/v1/hosting/deployments',
    jsonRequest({ site_id: 'dlist-elsewhere', source_url: files.url('/site.zip') }, other.auth),
  );
  theirs = await created.json();
});
afterAll(async () => {
  await h.close();
  await files.close();
});

describe('GET /v1/hosting/deployments', () => {
  it('lists the account’s deployments newest first, each exactly as GET /v1/hosting/deployments/{id} answers it', async () => {
    const all = await listOk();
    expect(all).toEqual({ object: 'list', data: newestFirst(mine), has_more: false, url: '/v1/hosting/deployments' });
    expect(all.data.map((d) => d.id)).not.toContain(theirs.id);
    expect(mine.map((d) => d.status).sort()).toEqual(['failed', 'published', 'published', 'published', 'published', 'published', 'rolled_back']);
    const others = await listOk('', other.auth);
    expect(others.data.map((d) => d.id)).toEqual([theirs.id]);
  });

  it('pages forwards with starting_after and back with ending_before, with no duplicates or gaps', async () => {
    const expected = newestFirst(mine).map((d) => d.id);
    const seen: string[] = [];
    let query = '?limit=3';
    const pages: any[] = [];
    for (;;) {
      const page = await listOk(query);
      pages.push(page);
      seen.push(...page.data.map((d) => d.id));
      if (!page.has_more) break;
      query = `?limit=3&starting_after=${page.data.at(-1).id}`;
    }
    expect(seen).toEqual(expected);
    expect(pages.map((p) => p.data.length)).toEqual([3, 3, 1]);
    const back = await listOk(`?limit=3&ending_before=${pages[2].data[0].id}`);
    expect(back).toEqual(pages[1]);
    const start = await listOk(`?limit=3&ending_before=${pages[1].data[0].id}`);
    expect(start.data).toEqual(pages[0].data);
    expect(start.has_more).toBe(false);
  });

  it('filters by site_id, environment and status, alone and together, and pages within a filter', async () => {
    const ids = (ds: any[]) => ds.map((d) => d.id);
    const expect_ = (pred: (d: any) => boolean) => ids(newestFirst(mine.filter(pred)));
    expect(ids((await listOk('?site_id=dlist-alpha')).data)).toEqual(expect_((d) => d.site_id === 'dlist-alpha'));
    expect(ids((await listOk('?environment=preview')).data)).toEqual(expect_((d) => d.environment === 'preview'));
    expect(ids((await listOk('?status=failed')).data)).toEqual(expect_((d) => d.status === 'failed'));
    expect(ids((await listOk('?status=rolled_back')).data)).toEqual(expect_((d) => d.status === 'rolled_back'));
    expect(ids((await listOk('?site_id=dlist-beta&environment=production&status=published')).data)).toEqual(
      expect_((d) => d.site_id === 'dlist-beta' && d.environment === 'production' && d.status === 'published'),
    );
    const betaFirst = await listOk('?site_id=dlist-beta&limit=2');
    expect(betaFirst.has_more).toBe(true);
    const betaRest = await listOk(`?site_id=dlist-beta&limit=2&starting_after=${betaFirst.data[1].id}`);
    expect([...ids(betaFirst.data), ...ids(betaRest.data)]).toEqual(expect_((d) => d.site_id === 'dlist-beta'));
    expect(betaRest.has_more).toBe(false);
    // Another account's site, or one nobody has: simply nothing of this account.
    expect((await listOk('?site_id=dlist-elsewhere')).data).toEqual([]);
    expect((await listOk('?site_id=dlist-nobody-has-this')).data).toEqual([]);
  });

  it('refuses unknown filter values, unknown parameters and cursors that are not this account’s deployments, naming the field', async () => {
    const cases: [string, RegExp][] = [
      ['?environment=staging', /'environment' must be one of production, preview/],
      ['?status=done', /'status' must be one of/],
      ['?site_id=Not_Valid', /'site_id'/],
      ['?limit=500', /'limit'/],
      ['?sort=asc', /unknown query parameter 'sort'/],
      ['?starting_after=dep_nosuchdeployment000', /'starting_after': no deployment dep_nosuchdeployment000/],
      [`?starting_after=${theirs.id}`, /'starting_after'/],
      [`?ending_before=${theirs.id}`, /'ending_before'/],
      ['?ending_before=%F0%9F%92%A9', /'ending_before'/],
    ];
    for (const [query, message] of cases) {
      const [status, code, text] = await errorOf(await get(`/v1/hosting/deployments${query}`));
      expect([status, code], query).toEqual([400, 'invalid_parameter']);
      expect(text, query).toMatch(message);
    }
  });

  it('401 without a key, 403 on a plan without hosting', async () => {
    expect((await errorOf(await get('/v1/hosting/deployments', {}))).slice(0, 2)).toEqual([401, 'unauthorized']);
    const pro = await createTestAccount(h.svc.rt, 'pro');
    expect((await errorOf(await get('/v1/hosting/deployments', pro.auth))).slice(0, 2)).toEqual([403, 'forbidden']);
  });
});
