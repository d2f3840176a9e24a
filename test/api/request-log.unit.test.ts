import { Hono } from 'hono';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import type { AppEnv } from '../../src/api/context';
import { loggablePath, requestLog } from '../../src/api/middleware/request-log';

describe('the request log', () => {
  it('never writes the secret of a deploy hook URL, answered or not', async () => {
    const lines: string[] = [];
    const app = new Hono<AppEnv>();
    app.use(requestLog(pino({ level: 'info' }, { write: (line: string) => void lines.push(line) })));
    app.post('/v1/hosting/hooks/:hook_id/:secret', (c) => c.json({ ok: true }, 202));
    const secret = 'Zq8v3Yp0aN5mK2rT7wX1cB4dF6gH9jL0sE3uI8oP';
    expect((await app.request(`/v1/hosting/hooks/hook_abc/${secret}`, { method: 'POST' })).status).toBe(202);
    expect((await app.request(`/v1/hosting/hooks/hook_abc/${secret}/extra`, { method: 'POST' })).status).toBe(404);
    expect(lines).toHaveLength(2);
    for (const line of lines) {
      expect(line).not.toContain(secret);
      expect(JSON.parse(line).path).toMatch(/^\/v1\/hosting\/hooks\/hook_abc\/\[redacted\]/);
    }
  });

  it('keeps every other path as it was asked for', () => {
    expect(loggablePath('/v1/hosting/sites/blog/hooks')).toBe('/v1/hosting/sites/blog/hooks');
    expect(loggablePath('/v1/text/generate')).toBe('/v1/text/generate');
  });
});
