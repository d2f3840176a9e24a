import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface PgBouncer {
  /** `upstreamUrl` with its host and port replaced by PgBouncer's. */
  url: string;
  port: number;
  stop(): Promise<void>;
}

async function freeLoopbackPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (typeof address !== 'object' || !address) throw new Error('no port from a listening server');
  return address.port;
}

/**
 * A throwaway PgBouncer of a test's own (Debian's `pgbouncer`, installed by scripts/ensure-test-tools.mjs)
 * in transaction pooling mode, in front of the Postgres of `upstreamUrl`: what an operator puts between
 * several Kiln machines and one database. `poolSize` server connections per database/user pair; a small
 * pool makes clients share server connections, which is where session state (prepared statements,
 * session advisory locks) goes wrong.
 */
export async function startPgBouncer(upstreamUrl: string, opts: { poolSize?: number } = {}): Promise<PgBouncer> {
  const upstream = new URL(upstreamUrl);
  const user = decodeURIComponent(upstream.username || 'postgres');
  for (let attempt = 1; ; attempt++) {
    const port = await freeLoopbackPort();
    const dir = mkdtempSync(join(tmpdir(), 'kiln-pgbouncer-'));
    // PgBouncer refuses to run as root; `-u` drops to another user, who must be able to read the ini.
    chmodSync(dir, 0o755);
    const ini = join(dir, 'pgbouncer.ini');
    writeFileSync(
      ini,
      [
        '[databases]',
        // auth_type=any logs every client in as this user, so no auth_file is needed.
        `* = host=${upstream.hostname} port=${upstream.port || 5432} user=${user}`,
        '[pgbouncer]',
        'listen_addr = 127.0.0.1',
        `listen_port = ${port}`,
        'unix_socket_dir =',
        'auth_type = any',
        'pool_mode = transaction',
        `default_pool_size = ${opts.poolSize ?? 4}`,
        'max_client_conn = 200',
        // What postgres.js sends at startup besides user and database.
        'ignore_startup_parameters = extra_float_digits,options',
        'server_reset_query =',
        '',
      ].join('\n'),
    );
    chmodSync(ini, 0o644);
    const args = process.getuid?.() === 0 ? ['-u', 'postgres', ini] : [ini];
    const child: ChildProcess = spawn('pgbouncer', args, { stdio: ['ignore', 'pipe', 'pipe'] });
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    let out = '';
    const ready = await new Promise<boolean>((resolve, reject) => {
      const onData = (d: Buffer) => {
        out += d.toString();
        if (/process up/.test(out)) resolve(true);
      };
      child.stdout!.on('data', onData);
      child.stderr!.on('data', onData);
      child.once('error', reject);
      void exited.then(() => resolve(false));
    });
    if (!ready) {
      rmSync(dir, { recursive: true, force: true });
      // Someone took the port between our probe and PgBouncer's bind: try another.
      if (/Address already in use/.test(out) && attempt < 5) continue;
      throw new Error(`pgbouncer on port ${port} exited:\n${out}`);
    }
    const url = new URL(upstreamUrl);
    url.hostname = '127.0.0.1';
    url.port = String(port);
    return {
      url: url.toString(),
      port,
      async stop() {
        child.kill('SIGTERM');
        await exited;
        rmSync(dir, { recursive: true, force: true });
      },
    };
  }
}
