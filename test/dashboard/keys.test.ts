import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInClient } from '../support/dashboard';
import { startTestService, type TestService } from '../support/runtime';

let svc: TestService;
beforeAll(async () => {
  svc = await startTestService();
});
afterAll(async () => {
  await svc?.close();
});

const DAY_MS = 86_400_000;
const newKeyOf = (html: string) => /value="(kiln_[A-Za-z0-9]+)"/.exec(html)?.[1];
/** The table row of a key, by its label. */
const rowOf = (html: string, label: string) =>
  [...html.matchAll(/<tr data-key-id="[^"]+">([\s\S]*?)<\/tr>/g)].map((m) => m[1]!).find((r) => r.includes(`<td>${label}</td>`));

async function keyRow(accountId: string, label: string) {
  const [row] = await svc.rt.database
    .sql`SELECT id, scopes, expires_at, rate_limit_per_minute FROM api_keys WHERE account_id = ${accountId} AND label = ${label}`;
  return row!;
}

describe('dashboard: API keys with scopes, expiry and a limit', () => {
  it('the form offers every product checked, expiry choices and an optional limit, each labelled', async () => {
    const { client } = await signedInClient(svc.app, svc.rt);
    await client.get('/dashboard/keys');
    const html = client.lastHtml;
    expect(html).toContain('<legend>What this key may call</legend>');
    for (const scope of ['text', 'plagiarism', 'image', 'voice', 'files', 'hosting', 'usage', 'webhooks', 'audit']) {
      expect(html).toMatch(new RegExp(`<input type="checkbox" name="scope_${scope}" value="on" checked=""`));
    }
    expect(html).toContain('<label for="f-expires">Expires</label>');
    expect(html).toContain('<option value="30">In 30 days</option>');
    expect(html).toContain('<label for="f-expires_on">Expiry date</label>');
    expect(html).toContain('<label for="f-rate_limit">Requests per minute (optional)</label>');
  });

  it('creates a key limited to the checked products, expiring in 30 days, with its own limit; the list shows them, and the API enforces them', async () => {
    const { client, user } = await signedInClient(svc.app, svc.rt);
    await client.get('/dashboard/keys');
    const before = Date.now();
    const res = await client.post('/dashboard/keys', {
      label: 'images',
      scopes_shown: '1',
      scope_image: 'on',
      scope_usage: 'on',
      expires: '30',
      rate_limit: '5',
    });
    expect(res.status).toBe(200);
    const key = newKeyOf(client.lastHtml)!;
    expect(key).toBeDefined();

    const row = await keyRow(user.accountId, 'images');
    expect(row.scopes).toEqual(['image', 'usage']);
    expect(row.rate_limit_per_minute).toBe(5);
    const expiresAt = new Date(row.expires_at).getTime();
    expect(expiresAt).toBeGreaterThanOrEqual(before + 30 * DAY_MS);
    expect(expiresAt).toBeLessThanOrEqual(Date.now() + 30 * DAY_MS);

    await client.get('/dashboard/keys');
    expect(client.lastHtml).not.toContain(key);
    const listed = rowOf(client.lastHtml, 'images')!;
    expect(listed).toContain('<td data-scopes="true">image, usage</td>');
    expect(listed).toContain('<td data-limit="true">5/min</td>');
    expect(listed).toContain(`datetime="${new Date(expiresAt).toISOString()}"`);

    const auth = { Authorization: `Bearer ${key}` };
    const usage = await svc.app.request('/v1/usage', { headers: auth });
    expect(usage.status).toBe(200);
    expect(usage.headers.get('ratelimit-limit')).toBe('5');
    const voices = await svc.app.request('/v1/voices', { headers: auth });
    expect(voices.status).toBe(403);
    expect(((await voices.json()) as { error: { message: string } }).error.message).toBe(
      'This key is limited to image, usage; this endpoint needs the voice scope.',
    );

    const audit = await svc.rt.database.sql`SELECT detail FROM audit_events WHERE account_id = ${user.accountId} AND action = 'key.created'`;
    expect(audit[0]!.detail).toMatchObject({ label: 'images', scopes: ['image', 'usage'], rate_limit_per_minute: 5 });
  });

  it('all products checked is "all"; a custom date expires at the end of that day (UTC); an expired key is marked', async () => {
    const { client, user } = await signedInClient(svc.app, svc.rt);
    await client.get('/dashboard/keys');
    const all = Object.fromEntries(['text', 'plagiarism', 'image', 'voice', 'files', 'hosting', 'usage', 'webhooks', 'audit'].map((s) => [`scope_${s}`, 'on']));
    expect((await client.post('/dashboard/keys', { label: 'dated', scopes_shown: '1', ...all, expires: 'custom', expires_on: '2099-03-04' })).status).toBe(200);
    const row = await keyRow(user.accountId, 'dated');
    expect(row.scopes).toBeNull();
    expect(row.rate_limit_per_minute).toBeNull();
    expect(new Date(row.expires_at).toISOString()).toBe('2099-03-05T00:00:00.000Z');

    await svc.rt.database.sql`UPDATE api_keys SET expires_at = now() - interval '1 hour' WHERE id = ${row.id}`;
    await client.get('/dashboard/keys');
    const listed = rowOf(client.lastHtml, 'dated')!;
    expect(listed).toContain('<td data-scopes="true">all</td>');
    expect(listed).toContain('<span class="badge error">Expired</span>');
    expect(listed).toContain('Account’s');
  });

  it('refuses no product, a past or malformed date and a bad limit with words on the form, keeping what was filled in', async () => {
    const { client, user } = await signedInClient(svc.app, svc.rt);
    await client.get('/dashboard/keys');
    const cases: [Record<string, string>, string][] = [
      [{ scopes_shown: '1' }, 'Choose at least one product the key may call.'],
      [{ scope_text: 'on', scopes_shown: '1', expires: 'custom', expires_on: '2001-02-03' }, 'The expiry date has passed'],
      [{ scope_text: 'on', scopes_shown: '1', expires: 'custom', expires_on: '' }, 'Enter the expiry date as a date'],
      [{ scope_text: 'on', scopes_shown: '1', expires: 'custom', expires_on: '2099-02-30' }, 'Enter the expiry date as a date'],
      [{ scope_text: 'on', scopes_shown: '1', expires: 'forever' }, 'Choose when the key expires.'],
      [{ scope_text: 'on', scopes_shown: '1', rate_limit: '0' }, 'whole number of requests per minute'],
      [{ scope_text: 'on', scopes_shown: '1', rate_limit: '2.5' }, 'whole number of requests per minute'],
    ];
    for (const [fields, message] of cases) {
      const res = await client.post('/dashboard/keys', { label: 'refused', ...fields });
      expect(res.status, JSON.stringify(fields)).toBe(400);
      expect(client.lastHtml).toContain(message);
    }
    // The last form comes back as it was sent: the label, only "text" checked, the limit typed.
    expect(client.lastHtml).toContain('value="refused"');
    expect(client.lastHtml).toMatch(/name="scope_text" value="on" checked=""/);
    expect(client.lastHtml).not.toMatch(/name="scope_image" value="on" checked=""/);
    expect(client.lastHtml).toContain('value="2.5"');
    const rows = await svc.rt.database.sql`SELECT id FROM api_keys WHERE account_id = ${user.accountId}`;
    expect(rows).toHaveLength(0);
  });
});
