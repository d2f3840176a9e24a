import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validateBody } from '../../src/api/middleware/json-body';
import { ApiError } from '../../src/errors/api-error';
import { insertDocument } from '../../src/db/queries/documents';
import { insertDeployment } from '../../src/db/queries/deployments';
import { insertDomain } from '../../src/db/queries/domains';
import { claimSiteOwner } from '../../src/db/queries/sites';
import { insertWebhookEndpoint } from '../../src/db/queries/webhooks';
import { webhookDeliveries, webhookEvents } from '../../src/db/schema';
import { newId } from '../../src/ids';
import { newWebhookSecret } from '../../src/webhooks/signature';
import { createTestAccount, startTestService, type TestService } from '../support/runtime';

/**
 * Every list of the API, found by walking the OpenAPI document (every GET whose 200 answers a list), is asked
 * over HTTP on loopback: Stripe's list shape with `url`, `limit` honoured with `has_more`, a cursor that pages,
 * and an unknown query parameter refused with `param` and a did-you-mean. A list added without a fixture here
 * fails the walk: each list needs at least two items of its own to show that `limit` is honoured.
 */

let svc: TestService;
let server: ReturnType<typeof serve>;
let base: string;
let auth: Record<string, string>;
const run = newId('dep').slice(4, 12);
/** Values for the path parameters of the lists (`{site_id}`, `{id}`). */
const pathValues: Record<string, Record<string, string>> = {};

const get = (path: string) => fetch(`${base}${path}`, { headers: auth });

beforeAll(async () => {
  svc = await startTestService();
  server = serve({ fetch: svc.app.fetch, hostname: '127.0.0.1', port: 0 });
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const account = await createTestAccount(svc.rt, 'business');
  auth = account.auth;
  const accountId = account.accountId;
  const db = svc.rt.db;

  const siteId = `shape-${run}`;
  await claimSiteOwner(db, accountId, siteId);
  for (let i = 0; i < 2; i++) {
    await insertDocument(db, {
      id: newId('file'),
      accountId,
      filename: `f${i}.pdf`,
      sizeBytes: 10,
      kind: 'pdf',
      blobKey: `documents/${accountId}/x${i}`,
      searchConfig: 'simple',
      pageCount: 1,
      passageCount: 0,
    });
    await insertDeployment(db, { id: newId('dep'), accountId, siteId, environment: 'production', sourceUrl: null });
    await insertDomain(db, { id: newId('dom'), domain: `d${i}-${run}.example.com`, accountId, siteId, token: `token-${run}-${i}` });
    const hook = await fetch(`${base}/v1/hosting/sites/${siteId}/hooks`, {
      method: 'POST',
      headers: { ...auth, 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: `hook ${i}` }),
    });
    expect(hook.status, await hook.clone().text()).toBe(201);
    const source = await fetch(`${base}/v1/plagiarism/sources`, {
      method: 'POST',
      headers: { ...auth, 'Content-Type': 'application/json' },
      body: JSON.stringify({ url: `https://example.com/source-${i}`, text: `A reference text number ${i} about lighthouses and tides.` }),
    });
    expect(source.status, await source.clone().text()).toBe(201);
  }
  const endpoint = await insertWebhookEndpoint(db, { id: newId('whep'), accountId, url: 'http://127.0.0.1:9/one', secret: newWebhookSecret() });
  await insertWebhookEndpoint(db, { id: newId('whep'), accountId, url: 'http://127.0.0.1:9/two', secret: newWebhookSecret() });
  for (let i = 0; i < 2; i++) {
    const [event] = await db
      .insert(webhookEvents)
      .values({ id: newId('msg'), accountId, type: 'job.completed', data: {}, dispatchedAt: new Date() })
      .returning();
    await db.insert(webhookDeliveries).values({ id: newId('whd'), eventId: event!.id, endpointId: endpoint.id });
  }
  pathValues['/v1/hosting/sites/{site_id}/hooks'] = { site_id: siteId };
  pathValues['/v1/webhooks/{id}/deliveries'] = { id: endpoint.id };
});
afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
  await svc?.close();
});

/** The GET operations whose 200 answers `{ object: "list", … }`, from the served document. */
async function listOperations(): Promise<{ path: string; op: any }[]> {
  const doc = await (await fetch(`${base}/openapi.json`)).json();
  const resolve = (schema: any) => (schema?.$ref ? doc.components.schemas[schema.$ref.split('/').pop()] : schema);
  return Object.entries(doc.paths as Record<string, any>)
    .filter(([, item]) => {
      const schema = resolve(item.get?.responses?.['200']?.content?.['application/json']?.schema);
      const object = schema?.properties?.object;
      // OpenAI's own list shape (GET /v1/models) is kept on the OpenAI-compatible paths, as their clients expect it.
      if (item.get?.tags?.includes('OpenAI-compatible')) return false;
      return object !== undefined && (object.const === 'list' || object.enum?.[0] === 'list');
    })
    .map(([path, item]) => ({ path, op: item.get }));
}

const fill = (template: string) => template.replace(/\{([^}]+)\}/g, (_, name: string) => pathValues[template]?.[name] ?? `{${name}}`);

describe('every list', () => {
  it('is found in the OpenAPI document, with its paging parameters and the list schema with url', async () => {
    const lists = await listOperations();
    expect(lists.map((l) => l.path).sort()).toEqual(
      expect.arrayContaining([
        '/v1/audit-events',
        '/v1/files',
        '/v1/hosting/deployments',
        '/v1/hosting/domains',
        '/v1/hosting/sites/{site_id}/hooks',
        '/v1/plagiarism/sources',
        '/v1/voices',
        '/v1/webhooks',
        '/v1/webhooks/{id}/deliveries',
      ]),
    );
    for (const { path, op } of lists) {
      const names = (op.parameters ?? []).filter((p: any) => p.in === 'query').map((p: any) => p.name);
      expect(names, path).toEqual(expect.arrayContaining(['limit', 'starting_after', 'ending_before']));
      const schema = op.responses['200'].content['application/json'].schema;
      expect(schema.required, path).toEqual(['object', 'data', 'has_more', 'url']);
      expect(Object.keys(op.responses), path).toContain('400');
    }
  });

  it('answers the Stripe shape, honours limit, pages with starting_after and refuses an unknown parameter with param', async () => {
    const lists = await listOperations();
    for (const { path: template } of lists) {
      const path = fill(template);
      expect(path, `${template} needs a fixture in this test`).not.toMatch(/\{/);

      const whole = await get(path);
      const body = await whole.json();
      expect(whole.status, `${path}: ${JSON.stringify(body)}`).toBe(200);
      expect(Object.keys(body).sort(), path).toEqual(['data', 'has_more', 'object', 'url']);
      expect(body.object).toBe('list');
      expect(body.url, path).toBe(path);
      expect(Array.isArray(body.data)).toBe(true);
      expect(body.data.length, `${path} needs at least two items for this test`).toBeGreaterThanOrEqual(2);

      const one = await (await get(`${path}?limit=1`)).json();
      expect(one.data.length, path).toBe(1);
      expect(one.has_more, path).toBe(true);
      const idOf = (item: any): string => item.id ?? item.voice_id ?? item.file_id ?? item.domain;
      expect(idOf(one.data[0]), path).toBe(idOf(body.data[0]));
      const next = await (await get(`${path}?limit=1&starting_after=${encodeURIComponent(idOf(one.data[0]))}`)).json();
      expect(next.data.map(idOf), path).toEqual([idOf(body.data[1])]);
      const back = await (await get(`${path}?limit=1&ending_before=${encodeURIComponent(idOf(next.data[0]))}`)).json();
      expect(back.data.map(idOf), path).toEqual([idOf(body.data[0])]);

      const tooMany = await get(`${path}?limit=1000`);
      expect(tooMany.status, path).toBe(400);
      expect((await tooMany.json()).error).toMatchObject({ code: 'invalid_parameter', param: 'limit' });

      const misspelt = await get(`${path}?limt=2`);
      expect(misspelt.status, path).toBe(400);
      const refused = (await misspelt.json()).error;
      expect(refused, path).toMatchObject({ code: 'invalid_parameter', param: 'limt', message: "unknown query parameter 'limt'; did you mean 'limit'?" });
      expect(refused.request_id).toEqual(expect.any(String));

      const unrelated = (await (await get(`${path}?colour=blue`)).json()).error;
      expect(unrelated, path).toMatchObject({ code: 'invalid_parameter', param: 'colour' });
      expect(unrelated.message, path).toMatch(/^unknown query parameter 'colour'; this endpoint takes 'limit', 'starting_after', 'ending_before'/);

      const cursor = (await (await get(`${path}?starting_after=nothing_here`)).json()).error;
      expect(cursor, path).toMatchObject({ code: 'invalid_parameter', param: 'starting_after' });
    }
  });

  it('/v1/voices: built-ins then clones, filtered by type', async () => {
    const builtin = await (await get('/v1/voices?type=builtin&limit=100')).json();
    expect(builtin.data.length).toBeGreaterThan(20);
    expect(builtin.data.every((v: any) => v.type === 'builtin')).toBe(true);
    expect(builtin.has_more).toBe(false);
    const cloned = await (await get('/v1/voices?type=cloned')).json();
    expect(cloned).toEqual({ object: 'list', data: [], has_more: false, url: '/v1/voices' });
    const wrong = (await (await get('/v1/voices?type=custom')).json()).error;
    expect(wrong).toMatchObject({ code: 'invalid_parameter', param: 'type' });
  });
});

describe('param on errors', () => {
  const post = (path: string, body: unknown) =>
    fetch(`${base}${path}`, { method: 'POST', headers: { ...auth, 'Content-Type': 'application/json' }, body: JSON.stringify(body) });

  it('a nested body field is named by its dotted path', async () => {
    // `files` maps each site path to its SHA-256: the value at one path is the nested field.
    const res = await post('/v1/hosting/deployments', { site_id: `shape-${run}`, files: { 'index.html': 'a'.repeat(64), 'about.html': 'not a digest' } });
    const body = await res.json();
    expect(res.status, JSON.stringify(body)).toBe(400);
    expect(body.error).toMatchObject({ code: 'invalid_parameter', param: 'files.about.html' });
    expect(body.error.message.startsWith("'files.about.html' ")).toBe(true);
  });

  it('an item of a nested array is named by its index: messages.0.content', () => {
    const schema = v.object({ messages: v.array(v.object({ role: v.picklist(['user', 'assistant']), content: v.string('must be a string') })) });
    const refusal = (body: unknown) => {
      try {
        validateBody(schema, body);
      } catch (err) {
        return err as ApiError;
      }
      throw new Error('accepted');
    };
    const wrong = refusal({ messages: [{ role: 'user', content: 42 }] });
    expect(wrong).toBeInstanceOf(ApiError);
    expect([wrong.code, wrong.param, wrong.message]).toEqual(['invalid_parameter', 'messages.0.content', "'messages.0.content' must be a string"]);
    const absent = refusal({ messages: [{ role: 'user', content: 'hi' }, { role: 'assistant' }] });
    expect([absent.code, absent.param]).toEqual(['missing_required_field', 'messages.1.content']);
  });

  it('unknown, missing and invalid top-level fields, and a not-found id, name their parameter', async () => {
    const unknown = (await (await post('/v1/text/generate', { prompt: 'owls', max_token: 20 })).json()).error;
    expect(unknown).toMatchObject({ code: 'invalid_parameter', param: 'max_token', message: "unknown field 'max_token'; did you mean 'max_tokens'?" });
    const missing = (await (await post('/v1/image/generate', {})).json()).error;
    expect(missing).toMatchObject({ code: 'missing_required_field', param: 'prompt' });
    const invalid = (await (await post('/v1/image/generate', { prompt: 'owls', count: 0 })).json()).error;
    expect(invalid).toMatchObject({ code: 'invalid_parameter', param: 'count' });
    const speaker = (await (await post('/v1/voice/synthesize', { text: 'Hello.', voice_id: 'voice_nobody_here' })).json()).error;
    expect(speaker).toMatchObject({ code: 'invalid_parameter', param: 'voice_id' });
    const spoken = (await (await post('/v1/voice/synthesize', { text: 'Hello.', language: 'xx' })).json()).error;
    expect(spoken).toMatchObject({ code: 'invalid_parameter', param: 'language' });
    const voice = (await (await get('/v1/voices/voice_nobody_here')).json()).error;
    expect(voice).toMatchObject({ code: 'not_found', param: 'voice_id' });
    // An error about no one parameter has none.
    const route = (await (await get('/v1/no-such-route')).json()).error;
    expect(route.code).toBe('not_found');
    expect(route).not.toHaveProperty('param');
  });

  it('the OpenAPI error envelope documents param', async () => {
    const doc = await (await fetch(`${base}/openapi.json`)).json();
    const schema = doc.paths['/v1/voices'].get.responses['400'].content['application/json'].schema;
    const envelope = schema.$ref ? doc.components.schemas[schema.$ref.split('/').pop()] : schema;
    const error = envelope.properties.error.$ref ? doc.components.schemas[envelope.properties.error.$ref.split('/').pop()] : envelope.properties.error;
    expect(Object.keys(error.properties)).toEqual(['code', 'message', 'param', 'request_id']);
    expect(error.required).toEqual(['code', 'message']);
  });
});
