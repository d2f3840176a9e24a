import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInClient, type DashboardClient } from '../support/dashboard';
import { startTestService, type TestService } from '../support/runtime';

let svc: TestService;
beforeAll(async () => {
  svc = await startTestService();
});
afterAll(async () => {
  await svc?.close();
});

const secretOf = (html: string) => /value="(whsec_[A-Za-z0-9+/=]+)"/.exec(html)?.[1];

/** Adds an endpoint through the form; answers its id (from the database) and the secret the page showed. */
async function addEndpoint(client: DashboardClient, accountId: string, url: string, fields: Record<string, string> = {}) {
  await client.get('/dashboard/webhooks');
  const res = await client.post('/dashboard/webhooks', { url, ...fields });
  expect(res.status).toBe(200);
  const [row] = await svc.rt.database.sql`SELECT id, secret, event_types, description FROM webhook_endpoints WHERE account_id = ${accountId} AND url = ${url}`;
  return { row: row!, html: client.lastHtml };
}

async function deliveriesOf(endpointId: string) {
  return svc.rt.database
    .sql`SELECT d.id, d.status, e.type FROM webhook_deliveries d JOIN webhook_events e ON e.id = d.event_id WHERE d.endpoint_id = ${endpointId}`;
}

describe('dashboard: webhooks', () => {
  it('adds an endpoint, shows its signing secret once with a Copy button, lists it, and audits it', async () => {
    const { client, user } = await signedInClient(svc.app, svc.rt);
    await client.get('/dashboard/webhooks');
    expect(client.lastHtml).toContain('<legend>Events to send</legend>');
    expect(client.lastHtml).toContain('name="event_job.completed"');
    expect(client.lastHtml).toContain('href="/dashboard/webhooks" aria-current="page"');

    const { row, html } = await addEndpoint(client, user.accountId, 'https://example.com/hooks/kiln', {
      description: 'production',
      'event_job.completed': 'on',
      'event_job.failed': 'on',
    });
    expect(row.event_types).toEqual(['job.completed', 'job.failed']);
    expect(row.description).toBe('production');
    expect(secretOf(html)).toBe(row.secret);
    expect(html).toContain('data-copy="#new-secret-value"');
    expect(html).toContain('this is the only time it is shown');

    await client.get('/dashboard/webhooks');
    expect(client.lastHtml).not.toContain(row.secret);
    expect(client.lastHtml).toContain(`href="/dashboard/webhooks/${row.id}">https://example.com/hooks/kiln</a>`);
    expect(client.lastHtml).toContain('job.completed, job.failed');
    await client.get(`/dashboard/webhooks/${row.id}`);
    expect(client.lastHtml).not.toContain(row.secret);
    expect(client.lastHtml).toContain('production');

    const audit = await svc.rt.database.sql`SELECT target, detail FROM audit_events WHERE account_id = ${user.accountId} AND action = 'webhook.created'`;
    expect(audit).toHaveLength(1);
    expect(audit[0]!.target).toBe(row.id);
    expect(audit[0]!.detail).toMatchObject({ url: 'https://example.com/hooks/kiln', event_types: ['job.completed', 'job.failed'] });
  });

  it('no event type checked means all events; refuses a bad or non-public URL with the form kept', async () => {
    const { client, user } = await signedInClient(svc.app, svc.rt);
    const { row } = await addEndpoint(client, user.accountId, 'https://example.com/all');
    expect(row.event_types).toEqual([]);
    await client.get('/dashboard/webhooks');
    expect(client.lastHtml).toContain('All events');

    const bad = await client.post('/dashboard/webhooks', { url: 'ftp://example.com/x', 'event_file.ready': 'on' });
    expect(bad.status).toBe(400);
    expect(client.lastHtml).toContain('must be an http(s) URL');
    expect(client.lastHtml).toMatch(/name="event_file.ready" value="on" checked=""/);
    expect((await client.post('/dashboard/webhooks', { url: 'http://127.0.0.1/hook' })).status).toBe(400);
    expect(client.lastHtml).toContain('only public addresses');
    const rows = await svc.rt.database.sql`SELECT url FROM webhook_endpoints WHERE account_id = ${user.accountId}`;
    expect(rows.map((r) => r.url)).toEqual(['https://example.com/all']);
  });

  it('shows failing and disabled endpoints, the disabled one with its reason as a notice', async () => {
    const { client, user } = await signedInClient(svc.app, svc.rt);
    const failing = (await addEndpoint(client, user.accountId, 'https://example.com/failing')).row;
    const disabled = (await addEndpoint(client, user.accountId, 'https://example.com/disabled')).row;
    await svc.rt.database.sql`UPDATE webhook_endpoints SET failing_since = now() - interval '2 days' WHERE id = ${failing.id}`;
    await svc.rt.database
      .sql`UPDATE webhook_endpoints SET failing_since = now() - interval '6 days', disabled_at = now(), disabled_reason = 'failed for 5 days' WHERE id = ${disabled.id}`;
    await client.get('/dashboard/webhooks');
    expect(client.lastHtml).toContain('<span class="badge warn">Failing</span> since');
    expect(client.lastHtml).toMatch(/data-notice="webhook.disabled">https:\/\/example.com\/disabled was disabled [\s\S]*failed for 5 days/);
    await client.get(`/dashboard/webhooks/${disabled.id}`);
    expect(client.lastHtml).toContain('data-notice="webhook.disabled"');
    expect(client.lastHtml).not.toContain('Send test event');
    expect(client.lastHtml).toContain(`action="/dashboard/webhooks/${disabled.id}/enable"`);
    expect(client.lastHtml).toContain('enable it again once it answers');
  });

  it('enables a disabled endpoint again from its page, audited once', async () => {
    const { client, user } = await signedInClient(svc.app, svc.rt);
    const { row } = await addEndpoint(client, user.accountId, 'https://example.com/revived');
    await svc.rt.database
      .sql`UPDATE webhook_endpoints SET failing_since = now() - interval '6 days', disabled_at = now(), disabled_reason = 'The endpoint answered 410 Gone.' WHERE id = ${row.id}`;
    await client.get(`/dashboard/webhooks/${row.id}`);
    expect(client.lastHtml).toContain('Enable endpoint');
    const res = await client.post(`/dashboard/webhooks/${row.id}/enable`);
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(`/dashboard/webhooks/${row.id}?done=enabled`);
    const [after] = await svc.rt.database.sql`SELECT failing_since, disabled_at, disabled_reason FROM webhook_endpoints WHERE id = ${row.id}`;
    expect(after).toEqual({ failing_since: null, disabled_at: null, disabled_reason: null });
    await client.get(`/dashboard/webhooks/${row.id}?done=enabled`);
    expect(client.lastHtml).toContain('The endpoint is enabled');
    expect(client.lastHtml).toContain('Send test event');
    expect(client.lastHtml).not.toContain('Enable endpoint');
    expect(client.lastHtml).not.toContain('data-notice="webhook.disabled"');
    // A second POST (a stale page) changes nothing and audits nothing more.
    expect((await client.post(`/dashboard/webhooks/${row.id}/enable`)).status).toBe(303);
    const audit = await svc.rt.database.sql`SELECT target, detail FROM audit_events WHERE account_id = ${user.accountId} AND action = 'webhook.enabled'`;
    expect(audit).toEqual([{ target: row.id, detail: { url: 'https://example.com/revived' } }]);
  });

  it('sends a test event (a delivery row), replays a finished delivery, and refuses to replay a pending one', async () => {
    const { client, user } = await signedInClient(svc.app, svc.rt);
    const { row } = await addEndpoint(client, user.accountId, 'https://example.com/test-event');
    await client.get(`/dashboard/webhooks/${row.id}`);
    expect(client.lastHtml).toContain('No deliveries yet.');

    const sent = await client.post(`/dashboard/webhooks/${row.id}/test`);
    expect(sent.status).toBe(303);
    expect(sent.headers.get('location')).toBe(`/dashboard/webhooks/${row.id}?done=test`);
    const [delivery] = await deliveriesOf(row.id);
    expect(delivery).toMatchObject({ status: 'pending', type: 'webhook.test' });
    await client.get(`/dashboard/webhooks/${row.id}?done=test`);
    expect(client.lastHtml).toContain('A test event is queued');
    expect(client.lastHtml).toContain(`data-delivery-id="${delivery!.id}"`);
    expect(client.lastHtml).toContain('<span class="badge warn">pending</span>');
    expect(client.lastHtml).not.toContain(`/deliveries/${delivery!.id}/replay`);

    const replayPath = `/dashboard/webhooks/${row.id}/deliveries/${delivery!.id}/replay`;
    const early = await client.post(replayPath);
    expect(early.headers.get('location')).toBe(`/dashboard/webhooks/${row.id}?error=pending`);

    // As if its attempts had run out: one attempt logged, the delivery failed.
    await svc.rt.database.sql`UPDATE webhook_deliveries SET status = 'failed', attempts = 1, last_attempt_at = now() WHERE id = ${delivery!.id}`;
    await svc.rt.database
      .sql`INSERT INTO webhook_attempts (delivery_id, status_code, duration_ms, response_excerpt) VALUES (${delivery!.id}, 500, 42, 'upstream broke')`;
    await client.get(`/dashboard/webhooks/${row.id}`);
    expect(client.lastHtml).toContain('<span class="badge error">failed</span>');
    expect(client.lastHtml).toContain('42 ms');
    expect(client.lastHtml).toContain('upstream broke');
    expect(client.lastHtml).toContain(`action="${replayPath}"`);

    const replayed = await client.post(replayPath);
    expect(replayed.status).toBe(303);
    expect(replayed.headers.get('location')).toBe(`/dashboard/webhooks/${row.id}?done=replayed`);
    expect((await deliveriesOf(row.id))[0]!.status).toBe('pending');
  });

  it('deletes an endpoint after a confirmation page, audited', async () => {
    const { client, user } = await signedInClient(svc.app, svc.rt);
    const { row } = await addEndpoint(client, user.accountId, 'https://example.com/gone');
    await client.get(`/dashboard/webhooks/${row.id}`);
    expect(client.lastHtml).toContain(`href="/dashboard/webhooks/${row.id}/delete"`);
    const confirm = await client.get(`/dashboard/webhooks/${row.id}/delete`);
    expect(confirm.status).toBe(200);
    expect(client.lastHtml).toContain('Delete this webhook endpoint?');
    expect(await svc.rt.database.sql`SELECT 1 FROM webhook_endpoints WHERE id = ${row.id}`).toHaveLength(1);

    const res = await client.post(`/dashboard/webhooks/${row.id}/delete`);
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/dashboard/webhooks?done=deleted');
    expect(await svc.rt.database.sql`SELECT 1 FROM webhook_endpoints WHERE id = ${row.id}`).toHaveLength(0);
    const audit = await svc.rt.database.sql`SELECT target FROM audit_events WHERE account_id = ${user.accountId} AND action = 'webhook.deleted'`;
    expect(audit.map((a) => a.target)).toEqual([row.id]);
    expect((await client.get(`/dashboard/webhooks/${row.id}`)).status).toBe(404);
  });

  it("another account's user sees none of it and gets 404 on every URL, GET and POST", async () => {
    const owner = await signedInClient(svc.app, svc.rt);
    const { row } = await addEndpoint(owner.client, owner.user.accountId, 'https://example.com/private-hook');
    await owner.client.post(`/dashboard/webhooks/${row.id}/test`);
    const [delivery] = await deliveriesOf(row.id);
    await svc.rt.database.sql`UPDATE webhook_deliveries SET status = 'failed' WHERE id = ${delivery!.id}`;

    const { client: other } = await signedInClient(svc.app, svc.rt);
    await other.get('/dashboard/webhooks');
    expect(other.lastHtml).not.toContain('private-hook');
    for (const path of [`/dashboard/webhooks/${row.id}`, `/dashboard/webhooks/${row.id}/delete`, `/dashboard/webhooks/${row.id}?after=${delivery!.id}`]) {
      expect((await other.get(path)).status).toBe(404);
    }
    await other.get('/dashboard/webhooks');
    for (const path of [
      `/dashboard/webhooks/${row.id}/test`,
      `/dashboard/webhooks/${row.id}/deliveries/${delivery!.id}/replay`,
      `/dashboard/webhooks/${row.id}/delete`,
      `/dashboard/webhooks/${row.id}/enable`,
    ]) {
      expect((await other.post(path)).status).toBe(404);
    }
    expect(await deliveriesOf(row.id)).toEqual([expect.objectContaining({ status: 'failed' })]);
    expect(await svc.rt.database.sql`SELECT 1 FROM webhook_endpoints WHERE id = ${row.id}`).toHaveLength(1);
    expect((await other.get('/dashboard/webhooks/whep_nosuch')).status).toBe(404);
    expect((await other.get('/dashboard/webhooks/not-an-id')).status).toBe(404);
  });

  it('refuses a POST without the CSRF token (403) and changes nothing', async () => {
    const { client, user } = await signedInClient(svc.app, svc.rt);
    const { row } = await addEndpoint(client, user.accountId, 'https://example.com/csrf');
    expect((await client.post('/dashboard/webhooks', { _csrf: '', url: 'https://example.com/csrf-new' })).status).toBe(403);
    expect((await client.post(`/dashboard/webhooks/${row.id}/test`, { _csrf: 'wrong' })).status).toBe(403);
    expect((await client.post(`/dashboard/webhooks/${row.id}/delete`, { _csrf: '' })).status).toBe(403);
    await svc.rt.database.sql`UPDATE webhook_endpoints SET disabled_at = now() WHERE id = ${row.id}`;
    expect((await client.post(`/dashboard/webhooks/${row.id}/enable`, { _csrf: 'wrong' })).status).toBe(403);
    const [still] = await svc.rt.database.sql`SELECT disabled_at FROM webhook_endpoints WHERE id = ${row.id}`;
    expect(still!.disabled_at).not.toBeNull();
    const urls = await svc.rt.database.sql`SELECT url FROM webhook_endpoints WHERE account_id = ${user.accountId}`;
    expect(urls.map((u) => u.url)).toEqual(['https://example.com/csrf']);
    expect(await deliveriesOf(row.id)).toHaveLength(0);
  });
});
