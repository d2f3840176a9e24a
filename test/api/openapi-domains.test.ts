import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestService, type TestService } from '../support/runtime';

let svc: TestService;
beforeAll(async () => {
  svc = await startTestService();
});
afterAll(() => svc.close());

/** Follows a `$ref` into components, so the test does not depend on how the generator splits schemas. */
const deref = (doc: any, schema: any): any =>
  schema?.$ref
    ? deref(
        doc,
        schema.$ref
          .split('/')
          .slice(1)
          .reduce((o: any, k: string) => o[k], doc),
      )
    : schema;

it('documents with_www/canonical, the pair in the answer, ssl_error as a problem document and the per-resolver diagnostics', async () => {
  const doc = await (await svc.app.request('/openapi.json')).json();
  const post = doc.paths['/v1/hosting/domains'].post;
  const body = deref(doc, post.requestBody.content['application/json'].schema);
  expect(body.properties.with_www.type).toBe('boolean');
  expect(body.properties.canonical.enum).toEqual(['apex', 'www']);
  expect(body.required).toEqual(['site_id', 'domain']);
  const created = deref(doc, post.responses['201'].content['application/json'].schema);
  expect(Object.keys(created.properties)).toEqual(expect.arrayContaining(['paired_with', 'redirects_to', 'paired_domain']));

  const domain = deref(doc, doc.paths['/v1/hosting/domains/{domain}'].get.responses['200'].content['application/json'].schema);
  const sslError = deref(doc, domain.properties.ssl_error);
  expect(Object.keys(sslError.properties).sort()).toEqual(['detail', 'status', 'subproblems', 'type']);
  expect(sslError.required).toEqual(['detail']);
  const record = deref(doc, deref(doc, domain.properties.verification).properties.records.items);
  expect(record.required).toEqual(expect.arrayContaining(['expected', 'matched', 'lookups', 'hint']));
  const lookup = deref(doc, record.properties.lookups.items);
  expect(lookup.properties.outcome.enum).toEqual(['answer', 'nxdomain', 'nodata', 'servfail', 'refused', 'timeout', 'unreachable', 'error']);
});
