import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from '../support/runtime';

let svc: TestService;
beforeAll(async () => {
  svc = await startTestService();
});
afterAll(() => svc.close());

describe('OpenAPI entries of the list, delete and domain read endpoints', () => {
  it('documents the lists with their paging and filter parameters and the list shape', async () => {
    const doc = await (await svc.app.request('/openapi.json')).json();
    const paramsOf = (op: any) => Object.fromEntries(op.parameters.map((p: any) => [p.name, p]));
    for (const [path, filters] of [
      ['/v1/hosting/deployments', ['site_id', 'environment', 'status']],
      ['/v1/hosting/domains', ['site_id', 'status']],
      ['/v1/files', []],
    ] as const) {
      const op = doc.paths[path]?.get;
      expect(op, path).toBeDefined();
      const params = paramsOf(op);
      expect(Object.keys(params).sort(), path).toEqual(['ending_before', 'limit', 'starting_after', ...filters].sort());
      expect(params.limit.in).toBe('query');
      expect(params.limit.schema).toMatchObject({ type: 'integer', minimum: 1, maximum: 100, default: 20 });
      const list = op.responses['200'].content['application/json'].schema;
      expect(list.required).toEqual(['object', 'data', 'has_more', 'url']);
      expect(list.properties.data.type).toBe('array');
      expect(Object.keys(op.responses)).toEqual(expect.arrayContaining(['200', '400', '401', '403']));
    }
    const deployments = paramsOf(doc.paths['/v1/hosting/deployments'].get);
    expect(deployments.environment.schema.enum).toEqual(['production', 'preview']);
    expect(deployments.status.schema.enum).toEqual(['uploading', 'pending', 'building', 'published', 'failed', 'rolled_back']);
    expect(paramsOf(doc.paths['/v1/hosting/domains'].get).status.schema.enum).toEqual(['pending_verification', 'verified', 'failed']);
    const fileItem = doc.paths['/v1/files'].get.responses['200'].content['application/json'].schema.properties.data.items;
    expect(fileItem.required).toEqual(['file_id', 'filename', 'size_bytes', 'created_at', 'semantic_index']);
    expect(fileItem.properties.semantic_index.enum).toEqual(['pending', 'ready', 'none']);
  });

  it('documents DELETE /v1/files/{file_id} and the domain read with dns_records and verification', async () => {
    const doc = await (await svc.app.request('/openapi.json')).json();
    const del = doc.paths['/v1/files/{file_id}'].delete;
    expect(Object.keys(del.responses)).toEqual(expect.arrayContaining(['204', '401', '403', '404']));
    expect(del.responses['404'].description).toContain('file_not_found');
    const read = doc.paths['/v1/hosting/domains/{domain}'].get.responses['200'].content['application/json'].schema;
    expect(Object.keys(read.properties)).toEqual(expect.arrayContaining(['dns_records', 'verification']));
    const verification = read.properties.verification;
    expect(Object.keys(verification.properties).sort()).toEqual(['error', 'last_checked_at', 'next_check_at', 'records']);
    expect(verification.properties.records.items.properties.status.enum).toEqual(['found', 'missing', 'wrong_value', 'unknown']);
  });
});
