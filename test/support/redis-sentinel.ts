import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { Redis } from 'ioredis';
import { until } from './until';

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

interface Child {
  child: ChildProcess;
  port: number;
  output: () => string;
  stop(): Promise<void>;
}

/** Starts `cmd args`, resolving once its output says `ready`; the port is retried if someone took it meanwhile. */
async function startChild(name: string, start: (port: number) => { cmd: string; args: string[] }, ready: RegExp): Promise<Child> {
  for (let attempt = 1; ; attempt++) {
    const port = await freePort();
    const { cmd, args } = start(port);
    const child = spawn(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    let out = '';
    const up = await new Promise<boolean>((resolve, reject) => {
      const onData = (d: Buffer) => {
        out += d.toString();
        if (ready.test(out)) resolve(true);
      };
      child.stdout!.on('data', onData);
      child.stderr!.on('data', onData);
      child.once('error', reject);
      void exited.then(() => resolve(false));
    });
    if (!up) {
      if (/Address already in use/.test(out) && attempt < 5) continue;
      throw new Error(`${name} on port ${port} exited:\n${out}`);
    }
    // A test that times out before its cleanup must not leave its servers running after the test process.
    const killOnExit = () => child.kill('SIGKILL');
    process.once('exit', killOnExit);
    return {
      child,
      port,
      output: () => out,
      async stop() {
        process.off('exit', killOnExit);
        if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
        await exited;
      },
    };
  }
}

export interface Failover {
  /** The master's port before and after. */
  from: number;
  to: number;
  /** When the sentinels announced the switch (ms since the epoch). */
  switchedAt: number;
}

export interface SentinelSetup {
  /** The name the sentinels monitor (`REDIS_SENTINEL_MASTER`). */
  masterName: string;
  /** `127.0.0.1:p1,127.0.0.1:p2,127.0.0.1:p3` (`REDIS_SENTINELS`). */
  sentinels: string;
  sentinelPorts: number[];
  /** The two data nodes' ports, the first master at the start. */
  nodePorts: number[];
  /** The master's port as the first sentinel reports it. */
  masterPort(): Promise<number>;
  /**
   * `SENTINEL FAILOVER`; resolves when the sentinels announce the new master (+switch-master), which is
   * when clients are told. The former master still takes writes until the sentinels demote it (`settled`).
   */
  failover(): Promise<Failover>;
  /** SIGKILLs the master; resolves when the sentinels have noticed and announce the replica as master. */
  killMaster(): Promise<Failover>;
  /**
   * Waits until every sentinel names the new master, that node says it is master, and the former master
   * has been turned into its replica and is in sync: the failover is over on every side.
   */
  settled(failover: Failover): Promise<void>;
  /** How many clients each sentinel has (clients that watch for failovers hold a connection to each). */
  sentinelClients(): Promise<number[]>;
  /** A client of one data node (the test's own inspection; closed by `stop`). */
  node(port: number): Redis;
  stop(): Promise<void>;
}

/**
 * A Redis master, one replica and three sentinels of a test's own on loopback (Debian's `redis-sentinel`,
 * installed by scripts/ensure-test-tools.mjs), nothing kept on disk: what an operator runs for a Redis
 * that survives the loss of its master. Resolves once every sentinel sees the master, the replica and the
 * two other sentinels, so a `SENTINEL FAILOVER` has a replica to promote and every sentinel learns of it.
 */
export async function startRedisSentinels(masterName = 'kiln'): Promise<SentinelSetup> {
  const dir = mkdtempSync(join(tmpdir(), 'kiln-sentinel-'));
  const children: Child[] = [];
  const clients: Redis[] = [];
  const client = (port: number) => {
    const c = new Redis({ host: '127.0.0.1', port, maxRetriesPerRequest: 1, lazyConnect: false });
    c.on('error', () => {});
    clients.push(c);
    return c;
  };
  const stop = async () => {
    for (const c of clients.splice(0)) c.disconnect();
    for (const c of children.splice(0).reverse()) await c.stop();
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    const node = (replicaOf?: number) => (port: number) => ({
      cmd: 'redis-server',
      args: [
        '--port',
        String(port),
        '--bind',
        '127.0.0.1',
        '--save',
        '',
        '--appendonly',
        'no',
        // A replica writes what its master sends to a file first: here, not in the working directory (where a
        // later start would load it).
        '--dir',
        dir,
        '--dbfilename',
        `node-${port}.rdb`,
        // A node turned into a replica reconnects to its new master at once, without waiting for a timer.
        '--repl-diskless-sync',
        'yes',
        '--repl-diskless-sync-delay',
        '0',
        ...(replicaOf ? ['--replicaof', '127.0.0.1', String(replicaOf)] : []),
      ],
    });
    const master = await startChild('redis-server (master)', node(), /Ready to accept connections/);
    children.push(master);
    const replica = await startChild('redis-server (replica)', node(master.port), /Ready to accept connections/);
    children.push(replica);
    const nodes = new Map([master, replica].map((n) => [n.port, client(n.port)]));
    await until('the replica to be in sync', async () => /master_link_status:up/.test(await nodes.get(replica.port)!.info('replication')), 60_000);

    for (let i = 0; i < 3; i++) {
      const sentinel = await startChild(
        `redis-sentinel ${i + 1}`,
        (port) => {
          // A sentinel rewrites its config file (what it learnt of replicas and other sentinels): one each.
          const conf = join(dir, `sentinel-${port}.conf`);
          writeFileSync(
            conf,
            [
              `port ${port}`,
              'bind 127.0.0.1',
              `dir ${dir}`,
              `sentinel monitor ${masterName} 127.0.0.1 ${master.port} 2`,
              // Short timers: a lost master is noticed in a second, a stuck failover given up on in a few.
              `sentinel down-after-milliseconds ${masterName} 1000`,
              `sentinel failover-timeout ${masterName} 5000`,
              `sentinel parallel-syncs ${masterName} 1`,
              '',
            ].join('\n'),
          );
          return { cmd: 'redis-sentinel', args: [conf] };
        },
        /\+monitor master/,
      );
      children.push(sentinel);
    }
    const sentinelPorts = children.slice(2).map((c) => c.port);
    const sentinels = sentinelPorts.map(client);
    await until(
      'every sentinel to see the replica and the other sentinels',
      async () => {
        for (const s of sentinels) {
          const replicas = (await s.call('SENTINEL', 'REPLICAS', masterName)) as string[][];
          const peers = (await s.call('SENTINEL', 'SENTINELS', masterName)) as string[][];
          const fine = (entry: string[]) => !/s_down|o_down|disconnected/.test(entry[entry.indexOf('flags') + 1] ?? '');
          if (replicas.filter(fine).length !== 1 || peers.filter(fine).length !== 2) return false;
        }
        return true;
      },
      60_000,
      100,
    );

    const masterPortOf = async (s: Redis) => Number(((await s.call('SENTINEL', 'GET-MASTER-ADDR-BY-NAME', masterName)) as string[])[1]);
    /** Does `act` to the master, then waits for the sentinels' +switch-master announcement (what clients are told). */
    const switchMaster = async (act: (from: number) => Promise<unknown>): Promise<Failover> => {
      const from = await masterPortOf(sentinels[0]!);
      const to = [...nodes.keys()].find((p) => p !== from)!;
      const listener = client(sentinelPorts[0]!);
      const switched = new Promise<number>((resolve) => {
        listener.on('message', (_channel, message: string) => {
          if (message.startsWith(`${masterName} `)) resolve(Date.now());
        });
      });
      await listener.subscribe('+switch-master');
      await act(from);
      const switchedAt = await switched;
      listener.disconnect();
      return { from, to, switchedAt };
    };
    const roleOf = async (port: number) => ((await nodes.get(port)!.call('ROLE')) as [string, ...unknown[]])[0];
    return {
      masterName,
      sentinels: sentinelPorts.map((p) => `127.0.0.1:${p}`).join(','),
      sentinelPorts,
      nodePorts: [master.port, replica.port],
      masterPort: () => masterPortOf(sentinels[0]!),
      async failover() {
        // Just after an earlier failover the sentinel may not yet count the old master, now a replica, as fit to
        // promote (its replication link was down a moment ago): it answers NOGOODSLAVE until its next look.
        return switchMaster(() =>
          until(
            'a sentinel to accept the failover (NOGOODSLAVE until it sees a replica fit to promote)',
            () =>
              sentinels[0]!.call('SENTINEL', 'FAILOVER', masterName).then(
                () => true,
                (err: Error) => {
                  if (/NOGOODSLAVE/.test(err.message)) return false;
                  throw err;
                },
              ),
            60_000,
            200,
          ),
        );
      },
      killMaster() {
        return switchMaster(async (from) => {
          await children.find((c) => c.port === from)!.stop();
        });
      },
      async settled({ from, to }) {
        await until(
          `the failover from ${from} to ${to} to be over`,
          async () => {
            for (const s of sentinels) if ((await masterPortOf(s)) !== to) return false;
            if ((await roleOf(to)) !== 'master' || (await roleOf(from)) !== 'slave') return false;
            return /master_link_status:up/.test(await nodes.get(from)!.info('replication'));
          },
          60_000,
          100,
        );
      },
      sentinelClients: () => Promise.all(sentinels.map(async (s) => Number(/connected_clients:(\d+)/.exec(await s.info('clients'))?.[1]))),
      node: (port) => nodes.get(port)!,
      stop,
    };
  } catch (err) {
    await stop();
    throw err;
  }
}
