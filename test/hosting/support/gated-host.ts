import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type GatedHost = Awaited<ReturnType<typeof startGatedHost>>;

/** Serves one archive, but holds each request until the test lets it go: the build waits mid-download. */
export async function startGatedHost(body: Buffer) {
  const held: ServerResponse[] = [];
  const server: Server = createServer((_req, res) => {
    held.push(res);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}/site.zip`,
    waiting: () => held.length,
    release() {
      for (const res of held.splice(0)) res.writeHead(200, { 'Content-Type': 'application/zip', 'Content-Length': body.length }).end(body);
    },
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
