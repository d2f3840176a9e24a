import net from 'node:net';

export type ProxyMode = 'open' | 'refuse' | 'blackhole';

export interface CuttableProxy {
  port: number;
  /** `refuse`: every connection dropped and new ones refused (a stopped server). `blackhole`: every connection
   * kept but nothing passes either way, and new ones accepted and never answered (a host or network gone). */
  set(mode: ProxyMode): Promise<void>;
  close(): Promise<void>;
}

/**
 * A TCP proxy on loopback in front of `target`, which a test cuts to play a server that goes away,
 * without touching the server itself (the machine's Postgres is shared by everyone's tests).
 */
export async function startCuttableProxy(target: { host: string; port: number }): Promise<CuttableProxy> {
  let mode: ProxyMode = 'open';
  const pairs = new Set<{ client: net.Socket; upstream: net.Socket }>();
  const held = new Set<net.Socket>();
  let server: net.Server;
  let port = 0;

  const listen = () =>
    new Promise<void>((resolve, reject) => {
      server = net.createServer((client) => {
        client.on('error', () => {});
        if (mode === 'blackhole') {
          held.add(client);
          client.pause();
          return;
        }
        const upstream = net.connect(target.port, target.host);
        upstream.on('error', () => client.destroy());
        client.on('error', () => upstream.destroy());
        const pair = { client, upstream };
        pairs.add(pair);
        client.once('close', () => (pairs.delete(pair), upstream.destroy()));
        upstream.once('close', () => client.destroy());
        client.pipe(upstream);
        upstream.pipe(client);
      });
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        port = (server.address() as net.AddressInfo).port;
        resolve();
      });
    });
  await listen();

  return {
    get port() {
      return port;
    },
    async set(next) {
      if (next === mode) return;
      const previous = mode;
      mode = next;
      if (next === 'refuse') {
        for (const { client, upstream } of pairs) client.destroy(), upstream.destroy();
        for (const s of held) s.destroy();
        held.clear();
        await new Promise<void>((resolve) => server.close(() => resolve()));
      } else if (next === 'blackhole') {
        for (const { client, upstream } of pairs) {
          client.unpipe(upstream);
          upstream.unpipe(client);
          client.pause();
          upstream.pause();
          held.add(client);
          held.add(upstream);
        }
        if (previous === 'refuse') await listen();
      } else {
        // Back: what was held is dropped (as after a real outage), new connections pass.
        for (const s of held) s.destroy();
        held.clear();
        if (previous === 'refuse') await listen();
      }
    },
    async close() {
      for (const { client, upstream } of pairs) client.destroy(), upstream.destroy();
      for (const s of held) s.destroy();
      if (mode !== 'refuse') await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
