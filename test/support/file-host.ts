import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export type FileHost = {
  url(path: string): string;
  put(path: string, body: Buffer, status?: number): void;
  hits(path: string): number;
  close(): Promise<void>;
};

/** A plain HTTP server on loopback that hosts archives, audio samples (anything) by path. */
export async function startFileHost(): Promise<FileHost> {
  const files = new Map<string, { body: Buffer; status: number }>();
  const counts = new Map<string, number>();
  const server: Server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0]!;
    counts.set(path, (counts.get(path) ?? 0) + 1);
    const f = files.get(path);
    if (!f) {
      res.writeHead(404).end('not found');
      return;
    }
    res.writeHead(f.status, { 'Content-Type': 'application/octet-stream', 'Content-Length': f.body.length }).end(f.body);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as AddressInfo).port;
  return {
    url: (path) => `http://127.0.0.1:${port}${path}`,
    put: (path, body, status = 200) => files.set(path, { body, status }),
    hits: (path) => counts.get(path) ?? 0,
    close: () => new Promise((r) => server.close(() => r())),
  };
}
