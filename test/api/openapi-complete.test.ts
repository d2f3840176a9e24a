import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WEBHOOK_EVENT_TYPES } from '../../src/webhooks/event-types';
import { startTestService, type TestService } from '../support/runtime';

let svc: TestService;
let doc: any;
beforeAll(async () => {
  svc = await startTestService();
  doc = await (await svc.app.request('/openapi.json')).json();
});
afterAll(() => svc.close());

const operations = () =>
  Object.entries(doc.paths as Record<string, Record<string, any>>).flatMap(([path, item]) =>
    Object.entries(item).map(([method, op]) => ({ name: `${method.toUpperCase()} ${path}`, op })),
  );

/** What a client generated from the document (openapi-typescript) needs to type every answer it can get. */
describe('the OpenAPI document declares every answer a client can receive', () => {
  it('gives every answer but a 204 a body with a schema (JSON, or the event stream of job events)', () => {
    const bare = operations().flatMap(({ name, op }) =>
      Object.entries(op.responses as Record<string, any>)
        .filter(([status, response]) => status !== '204' && !Object.values(response.content ?? {}).some((media: any) => media.schema))
        .map(([status]) => `${name} ${status}`),
    );
    expect(bare).toEqual([]);
  });

  it('declares the job link of every 202 a request job answers, and every kind of finished result', () => {
    const accepted = doc.paths['/v1/jobs/{id}'].get.responses['202'];
    expect(accepted.content['application/json'].schema.required).toEqual(['id', 'status']);
    expect(Object.keys(accepted.headers)).toEqual(expect.arrayContaining(['Location', 'Retry-After']));
    for (const path of ['/v1/text/generate', '/v1/plagiarism/check', '/v1/image/generate', '/v1/voice/synthesize', '/v1/file/upload', '/v1/file/chat']) {
      expect(doc.paths[path].post.responses['202'].content['application/json'].schema, path).toEqual(accepted.content['application/json'].schema);
    }
    const results = doc.paths['/v1/jobs/{id}'].get.responses['200'].content['application/json'].schema.anyOf;
    const imageResult = doc.paths['/v1/image/generate'].post.responses['200'].content['application/json'].schema;
    expect(results).toContainEqual(imageResult);
  });

  it('declares every tag it uses, with a description', () => {
    const declared = new Map((doc.tags as { name: string; description?: string }[]).map((t) => [t.name, t.description]));
    const used = new Set(operations().flatMap(({ op }) => op.tags ?? []));
    for (const tag of used) expect(declared.get(tag), tag).toBeTruthy();
  });

  it("describes every webhook event type, its body the envelope with that type's data", () => {
    expect(Object.keys(doc.webhooks).sort()).toEqual([...WEBHOOK_EVENT_TYPES].sort());
    const published = doc.webhooks['deployment.published'].post.requestBody.content['application/json'].schema;
    expect(published.required).toEqual(['type', 'timestamp', 'data']);
    expect(published.properties.type.const).toBe('deployment.published');
    expect(published.properties.data.required).toEqual(expect.arrayContaining(['id', 'status', 'site_id']));
    const quota = doc.webhooks['usage.quota_exceeded'].post.requestBody.content['application/json'].schema;
    expect(quota.properties.data.properties.metric.enum).toEqual(['text_tokens', 'images_generated', 'audio_seconds', 'file_chats', 'plagiarism_checks']);
  });
});
