import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/**
 * A webhook receiver on loopback. Each path answers the statuses it was given in order (the last one
 * repeats; 200 when none were given) and records every request.
 */
export interface Receiver {
  url(path: string): string;
  respond(path: string, statuses: number[], body?: string): void;
  received(path: string): Received[];
  close(): Promise<void>;
}

export async function startReceiver(): Promise<Receiver> {
  const plans = new Map<string, { statuses: number[]; body: string }>();
  const log: Received[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = req.url ?? '/';
      log.push({ path, headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      const plan = plans.get(path);
      const status = plan ? (plan.statuses.length > 1 ? plan.statuses.shift()! : (plan.statuses[0] ?? 200)) : 200;
      res.writeHead(status, { 'content-type': 'text/plain' });
      res.end(plan?.body ?? `answered ${status}`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: (path) => `http://127.0.0.1:${port}${path}`,
    respond: (path, statuses, body = '') => plans.set(path, { statuses: [...statuses], body: body || 'ok' }),
    received: (path) => log.filter((r) => r.path === path),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * The Standard Webhooks check written out from the spec, independently of src/webhooks/signature.ts:
 * HMAC-SHA256 keyed with the base64-decoded secret (after `whsec_`) over `id.timestamp.body`.
 */
export function referenceVerify(secret: string, r: Received, toleranceSeconds = 300): boolean {
  const id = r.headers['webhook-id'];
  const ts = r.headers['webhook-timestamp'];
  const sigs = r.headers['webhook-signature'];
  if (typeof id !== 'string' || typeof ts !== 'string' || typeof sigs !== 'string') return false;
  if (Math.abs(Date.now() / 1000 - Number(ts)) > toleranceSeconds) return false;
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const expected = createHmac('sha256', key).update(`${id}.${ts}.${r.body}`).digest();
  return sigs.split(' ').some((s) => {
    const [version, b64] = s.split(',');
    const given = Buffer.from(b64 ?? '', 'base64');
    return version === 'v1' && given.length === expected.length && timingSafeEqual(given, expected);
  });
}
