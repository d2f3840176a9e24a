import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listAudit } from '../../src/db/queries/audit';
import { findAccountDocument, insertDocument } from '../../src/db/queries/documents';
import { failJob, insertJob } from '../../src/db/queries/jobs';
import { completeClone, failClone, findAccountVoice, insertVoice } from '../../src/db/queries/voices';
import { jobError } from '../../src/db/schema';
import { newId } from '../../src/ids';
import { signedInClient } from '../support/dashboard';
import { startTestService, type TestService } from '../support/runtime';

let svc: TestService;
beforeAll(async () => {
  svc = await startTestService();
});
afterAll(async () => {
  await svc?.close();
});

const addVoice = (accountId: string, name: string) =>
  insertVoice(svc.rt.db, { id: newId('voice'), accountId, name, sampleUrl: 'https://example.com/sample.wav' });

async function addFile(accountId: string, filename: string, sizeBytes: number) {
  const id = newId('file');
  const blobKey = `documents/${accountId}/${id}`;
  await svc.rt.store.put(blobKey, Buffer.from('%PDF-1.4 test'), 'application/pdf');
  await insertDocument(svc.rt.db, { id, accountId, filename, sizeBytes, kind: 'pdf', blobKey, searchConfig: 'simple', pageCount: 1, passageCount: 0 });
  return { id, blobKey };
}

const lastAudit = async (accountId: string) => (await listAudit(svc.rt.db, accountId, { limit: 1 }))[0];

describe('dashboard: voices', () => {
  it('lists the account’s cloned voices with status, error and id; deletes one through confirmation, audited', async () => {
    const { client, user } = await signedInClient(svc.app, svc.rt);
    const ready = await addVoice(user.accountId, 'Narrator');
    await completeClone(svc.rt.db, ready.id, { f0Mean: 120 } as never, {} as never);
    const failed = await addVoice(user.accountId, 'Broken <sample>');
    await failClone(svc.rt.db, failed.id, 'The sample is shorter than 10 seconds.');
    const pending = await addVoice(user.accountId, 'Waiting');

    const res = await client.get('/dashboard/voices');
    expect(res.status).toBe(200);
    const html = client.lastHtml;
    for (const v of [ready, failed, pending]) expect(html).toContain(`data-voice-id="${v.id}"`);
    expect(html).toContain('Narrator');
    expect(html).toContain('Broken &lt;sample&gt;');
    expect(html).toContain('The sample is shorter than 10 seconds.');
    expect(html).toMatch(/badge ok">Ready/);
    expect(html).toMatch(/badge error">Failed/);
    expect(html).toMatch(/badge warn">Processing/);
    expect(html).toContain('href="/docs"');
    expect(html).not.toContain('does not include voice cloning');

    expect((await client.get(`/dashboard/voices/${ready.id}/delete`)).status).toBe(200);
    expect(client.lastHtml).toContain('Delete “Narrator”?');
    const del = await client.post(`/dashboard/voices/${ready.id}/delete`);
    expect(del.status).toBe(303);
    expect(del.headers.get('location')).toBe('/dashboard/voices?done=deleted');
    expect(await findAccountVoice(svc.rt.db, user.accountId, ready.id)).toBeNull();
    expect(await lastAudit(user.accountId)).toMatchObject({ action: 'voice.deleted', target: ready.id, actor: user.email, detail: { name: 'Narrator' } });
    await client.get('/dashboard/voices?done=deleted');
    expect(client.lastHtml).toContain('The voice is deleted');
    expect(client.lastHtml).not.toContain(`data-voice-id="${ready.id}"`);

    // A second delete, or a built-in voice's id, is a voice this account does not have.
    expect((await client.post(`/dashboard/voices/${ready.id}/delete`)).status).toBe(404);
    expect((await client.get('/dashboard/voices/alloy/delete')).status).toBe(404);
    expect((await client.post('/dashboard/voices/alloy/delete')).status).toBe(404);
  });

  it('another account sees none of them and gets 404 on their URLs; a POST without the form token is 403', async () => {
    const { client, user } = await signedInClient(svc.app, svc.rt);
    const voice = await addVoice(user.accountId, 'Private voice');
    const other = await signedInClient(svc.app, svc.rt);
    await other.client.get('/dashboard/voices');
    expect(other.client.lastHtml).not.toContain(voice.id);
    expect(other.client.lastHtml).toContain('No cloned voices yet.');
    expect((await other.client.get(`/dashboard/voices/${voice.id}/delete`)).status).toBe(404);
    expect((await other.client.post(`/dashboard/voices/${voice.id}/delete`)).status).toBe(404);
    expect((await other.client.get(`/dashboard/voices?after=${voice.id}`)).status).toBe(404);
    expect(await findAccountVoice(svc.rt.db, user.accountId, voice.id)).not.toBeNull();

    await client.get(`/dashboard/voices/${voice.id}/delete`);
    expect((await client.post(`/dashboard/voices/${voice.id}/delete`, { _csrf: 'forged' })).status).toBe(403);
    expect(await findAccountVoice(svc.rt.db, user.accountId, voice.id)).not.toBeNull();
  });

  it('pages 25 at a time, newest first, with newer and older links', async () => {
    const { client, user } = await signedInClient(svc.app, svc.rt);
    const made = [];
    for (let i = 0; i < 30; i++) made.push(await addVoice(user.accountId, `Voice ${i}`));
    // The list's order: created_at, then id, both descending (two rows may share a millisecond).
    const newestFirst = made.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : -1)).map((v) => v.id);
    await client.get('/dashboard/voices');
    const ids = (html: string) => [...html.matchAll(/data-voice-id="([^"]+)"/g)].map((m) => m[1]);
    const first = ids(client.lastHtml);
    expect(first).toEqual(newestFirst.slice(0, 25));
    const older = /href="(\/dashboard\/voices\?after=[^"]+)">Older/.exec(client.lastHtml)?.[1];
    expect(older).toBeDefined();
    expect(client.lastHtml).not.toContain('← Newer');
    await client.get(older!);
    const second = ids(client.lastHtml);
    expect(second).toEqual(newestFirst.slice(25));
    expect(client.lastHtml).not.toContain('Older →');
    const newer = /href="(\/dashboard\/voices\?before=[^"]+)">← Newer/.exec(client.lastHtml)?.[1];
    await client.get(newer!.replaceAll('&amp;', '&'));
    expect(ids(client.lastHtml)).toEqual(first);
  });

  it('says so when the plan has no voice cloning', async () => {
    const { client } = await signedInClient(svc.app, svc.rt, { plan: 'free' });
    await client.get('/dashboard/voices');
    expect(client.lastHtml).toContain('The free plan does not include voice cloning');
  });
});

describe('dashboard: files', () => {
  it('lists uploaded files with readable sizes and unfinished uploads; deletes one through confirmation like DELETE /v1/files, audited', async () => {
    const { client, user } = await signedInClient(svc.app, svc.rt);
    const report = await addFile(user.accountId, 'report.pdf', 1_572_864);
    const small = await addFile(user.accountId, 'notes.pdf', 2_048);
    const refusedId = newId('file');
    await insertJob(svc.rt.db, {
      id: refusedId,
      accountId: user.accountId,
      keyId: null,
      kind: 'file.ingest',
      input: { filename: 'scan.pdf', size_bytes: 500, kind: 'pdf', blob_key: 'x' },
    });
    await failJob(svc.rt.db, refusedId, jobError('invalid_file', 'The PDF has no text layer.'));

    expect((await client.get('/dashboard/files')).status).toBe(200);
    const html = client.lastHtml;
    expect(html).toContain(`data-file-id="${report.id}"`);
    expect(html).toContain(`data-file-id="${small.id}"`);
    expect(html).toContain('1.5 MB');
    expect(html).toContain('2.0 KB');
    expect(html).toContain('report.pdf');
    expect(html).toContain(`data-upload-id="${refusedId}"`);
    expect(html).toContain('The PDF has no text layer.');
    expect(html).toContain('500 bytes');

    expect((await client.get(`/dashboard/files/${report.id}/delete`)).status).toBe(200);
    expect(client.lastHtml).toContain('Delete “report.pdf”?');
    const del = await client.post(`/dashboard/files/${report.id}/delete`);
    expect(del.status).toBe(303);
    expect(del.headers.get('location')).toBe('/dashboard/files?done=deleted');
    expect(await findAccountDocument(svc.rt.db, user.accountId, report.id)).toBeNull();
    expect(await svc.rt.store.exists(report.blobKey)).toBe(false);
    expect(await lastAudit(user.accountId)).toMatchObject({ action: 'file.deleted', target: report.id, actor: user.email, detail: { filename: 'report.pdf' } });
    expect((await client.post(`/dashboard/files/${report.id}/delete`)).status).toBe(404);
    // The failed upload has no file to delete.
    expect((await client.get(`/dashboard/files/${refusedId}/delete`)).status).toBe(404);
  });

  it('another account sees none of them and gets 404; a POST without the form token is 403', async () => {
    const { client, user } = await signedInClient(svc.app, svc.rt);
    const file = await addFile(user.accountId, 'secret.pdf', 10);
    const other = await signedInClient(svc.app, svc.rt);
    await other.client.get('/dashboard/files');
    expect(other.client.lastHtml).not.toContain(file.id);
    expect(other.client.lastHtml).toContain('No files uploaded yet.');
    expect((await other.client.get(`/dashboard/files/${file.id}/delete`)).status).toBe(404);
    expect((await other.client.post(`/dashboard/files/${file.id}/delete`)).status).toBe(404);
    expect((await other.client.get(`/dashboard/files?before=${file.id}`)).status).toBe(404);

    await client.get('/dashboard/files');
    expect((await client.post(`/dashboard/files/${file.id}/delete`, { _csrf: '' })).status).toBe(403);
    expect(await findAccountDocument(svc.rt.db, user.accountId, file.id)).not.toBeNull();
    expect(await svc.rt.store.exists(file.blobKey)).toBe(true);
  });
});
