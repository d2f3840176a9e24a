import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { zipBuffer } from './support/archive-fixtures';
import { type GatedHost, startGatedHost } from './support/gated-host';
import { startFileHost, startHostingHarness, until, type HostingHarness } from './support/hosting-harness';
import { createTestAccount, jsonRequest, startTestService } from '../support/runtime';
import { type SseEvent, sseReader } from '../support/sse-reader';

let h: HostingHarness;
let gate: GatedHost;

beforeAll(async () => {
  h = await startHostingHarness();
  gate = await startGatedHost(await zipBuffer([{ name: 'index.html', data: '<h1>live log</h1>' }]));
});
afterAll(async () => {
  gate?.release();
  await h?.close();
  await gate?.close();
});

const follow = (id: string, headers: Record<string, string> = {}, auth = h.auth) =>
  h.svc.app.request(`/v1/hosting/deployments/${id}/logs`, { headers: { ...auth, Accept: 'text/event-stream', ...headers } });
const lineOf = (e: SseEvent) => JSON.parse(e.data) as { at: string; level: string; message: string };
const message = (e: SseEvent) => lineOf(e).message;

describe('GET /v1/hosting/deployments/{id}/logs, followed', () => {
  let followed: { id: string; events: SseEvent[] };

  it('streams the lines as the build writes them, then done with the final deployment', async () => {
    const created = await h.svc.app.request('/v1/hosting/deployments', jsonRequest({ site_id: 'follow', source_url: gate.url }, h.auth));
    expect(created.status).toBe(201);
    const { id, status } = await created.json();
    expect(status).toBe('pending');

    const res = await follow(id);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const reader = sseReader(res);
    const events: SseEvent[] = [];
    // The build says it is downloading, and waits for the source: the line arrives while it builds.
    for (;;) {
      const e = await reader.next();
      expect(e?.event).toBe('line');
      events.push(e!);
      if (lineOf(e!).message.startsWith('Downloading ')) break;
    }
    await until('the build to ask for the source', async () => gate.waiting() > 0);
    const meanwhile = await (await h.svc.app.request(`/v1/hosting/deployments/${id}`, { headers: h.auth })).json();
    expect(meanwhile.status).toBe('building');

    gate.release();
    events.push(...(await reader.all()));
    const done = events.at(-1)!;
    expect(done.event).toBe('done');
    const final = JSON.parse(done.data);
    expect(final).toMatchObject({ id, status: 'published', site_id: 'follow' });
    expect(final).toEqual(await (await h.svc.app.request(`/v1/hosting/deployments/${id}`, { headers: h.auth })).json());

    const lines = events.slice(0, -1);
    expect(lines.every((e) => e.event === 'line')).toBe(true);
    const ids = lines.map((e) => Number(e.id));
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(new Set(ids).size).toBe(ids.length);
    // Exactly the stored log, in order.
    const stored = await (await h.svc.app.request(`/v1/hosting/deployments/${id}/logs`, { headers: h.auth })).json();
    expect(lines.map(lineOf)).toEqual(stored.lines);
    expect(stored.lines.map((l: { message: string }) => l.message).join('\n')).toMatch(/Build started[\s\S]*Downloaded[\s\S]*Published 1 files/);
    followed = { id, events: lines };
  });

  it('resumes after Last-Event-ID without repeats or gaps', async () => {
    const { id, events } = followed;
    const res = await follow(id, { 'Last-Event-ID': events[1]!.id! });
    const rest = await sseReader(res).all();
    expect(rest.slice(0, -1).map((e) => e.id)).toEqual(events.slice(2).map((e) => e.id));
    expect(rest.at(-1)).toMatchObject({ event: 'done' });
  });

  it('answers a deployment already final with its lines and done at once (follow=true without the Accept header)', async () => {
    const { id, events } = followed;
    const res = await h.svc.app.request(`/v1/hosting/deployments/${id}/logs?follow=true`, { headers: h.auth });
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const all = await sseReader(res).all();
    expect(all.slice(0, -1).map((e) => e.id)).toEqual(events.map((e) => e.id));
    expect(JSON.parse(all.at(-1)!.data)).toMatchObject({ id, status: 'published' });
  });

  it('ends a failed build with its error line and done carrying failed', async () => {
    const files = await startFileHost();
    try {
      files.put('/text.zip', Buffer.from('plain text, not an archive'));
      const d = await h.deploy({ site_id: 'follow-fails', source_url: files.url('/text.zip') });
      expect(d.status).toBe('failed');
      const all = await sseReader(await follow(d.id)).all();
      expect(all.at(-2)).toMatchObject({ event: 'line' });
      expect(lineOf(all.at(-2)!)).toMatchObject({ level: 'error', message: d.error });
      expect(all.at(-1)!.event).toBe('done');
      expect(JSON.parse(all.at(-1)!.data)).toMatchObject({ id: d.id, status: 'failed', error: d.error });
    } finally {
      await files.close();
    }
  });

  it('follows a build run by another process: a second web process hears its lines over pub/sub', async () => {
    const second = await startTestService({}, h.svc.rt.config);
    try {
      const created = await h.svc.app.request('/v1/hosting/deployments', jsonRequest({ site_id: 'follow-elsewhere', source_url: gate.url }, h.auth));
      const { id } = await created.json();
      const reader = sseReader(await second.app.request(`/v1/hosting/deployments/${id}/logs`, { headers: { ...h.auth, Accept: 'text/event-stream' } }));
      for (let e = await reader.next(); !lineOf(e!).message.startsWith('Downloading '); e = await reader.next()) expect(e?.event).toBe('line');
      await until('the build to ask for the source', async () => gate.waiting() > 0);
      gate.release();
      const rest = await reader.all();
      expect(rest.map(lineOf).some((l) => /^Published 1 files/.test(l.message))).toBe(true);
      expect(JSON.parse(rest.at(-1)!.data)).toMatchObject({ id, status: 'published' });
    } finally {
      await second.close();
    }
  });

  it('stops waiting when the client leaves mid-build', async () => {
    const created = await h.svc.app.request('/v1/hosting/deployments', jsonRequest({ site_id: 'follow-left', source_url: gate.url }, h.auth));
    const { id } = await created.json();
    const events = h.svc.rt.deploymentLogEvents;
    const before = events.waiting;
    const reader = sseReader(await follow(id));
    await until('the build to ask for the source', async () => gate.waiting() > 0);
    for (let e = await reader.next(); !message(e!).startsWith('Downloading '); e = await reader.next());
    await until('the stream to wait for more lines', async () => events.waiting > before);
    await reader.close();
    await until('the wait to end', async () => events.waiting === before);
    gate.release();
    await until('the build to end', async () => {
      const d = await (await h.svc.app.request(`/v1/hosting/deployments/${id}`, { headers: h.auth })).json();
      return d.status === 'published';
    });
  });

  it('documents the follow parameter, Last-Event-ID and the text/event-stream answer', async () => {
    const doc = await (await h.svc.app.request('/openapi.json')).json();
    const logs = doc.paths['/v1/hosting/deployments/{id}/logs'].get;
    expect(Object.keys(logs.responses['200'].content)).toEqual(['application/json', 'text/event-stream']);
    expect(logs.parameters.map((p: { name: string; in: string }) => `${p.in}:${p.name}`)).toEqual(
      expect.arrayContaining(['query:follow', 'header:Last-Event-ID']),
    );
  });

  it('keeps the JSON answer without Accept or follow', async () => {
    const res = await h.svc.app.request(`/v1/hosting/deployments/${followed.id}/logs`, { headers: h.auth });
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    const body = await res.json();
    expect(Object.keys(body).sort()).toEqual(['id', 'lines', 'status']);
    expect(Object.keys(body.lines[0]).sort()).toEqual(['at', 'level', 'message']);
  });

  it('is 404 for another account’s deployment', async () => {
    const stranger = await createTestAccount(h.svc.rt, 'business');
    const res = await follow(followed.id, {}, stranger.auth);
    expect(res.status).toBe(404);
    expect((await res.json()).error.code).toBe('not_found');
  });
});
