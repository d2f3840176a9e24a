import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { until } from './until.js';

const run = promisify(execFile);

export interface RedisClusterNode {
  host: string;
  port: number;
  /** SIGKILL this node (its slots become unreachable: the cluster goes to `cluster_state:fail`). */
  kill(): Promise<void>;
}

export interface RedisCluster {
  /** `host:port,host:port,host:port`: the value of REDIS_CLUSTER_NODES. */
  nodes: string;
  masters: RedisClusterNode[];
  /** Kills every node and removes their directory. */
  stop(): Promise<void>;
}

/** A port nothing listens on now (the kernel's pick for port 0). Redis cannot take port 0 itself in cluster mode. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const port = (server.address() as { port: number }).port;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

interface Started {
  child: ChildProcess;
  exited: Promise<void>;
}

/** Starts one cluster-mode node on `port` with its bus on `busPort`; rejects if either port was taken meanwhile. */
async function startNode(dir: string, port: number, busPort: number): Promise<Started> {
  const child = spawn(
    'redis-server',
    [
      '--port',
      String(port),
      '--cluster-port',
      String(busPort),
      '--bind',
      '127.0.0.1',
      '--cluster-enabled',
      'yes',
      '--cluster-config-file',
      join(dir, `nodes-${port}.conf`),
      '--cluster-node-timeout',
      '2000',
      '--dir',
      dir,
      '--save',
      '',
      '--appendonly',
      'no',
      '--maxmemory-policy',
      'noeviction',
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let out = '';
  await new Promise<void>((resolve, reject) => {
    const onData = (d: Buffer) => {
      out += d.toString();
      if (out.includes('Ready to accept connections')) resolve();
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('error', reject);
    void exited.then(() => reject(new Error(`redis-server (cluster node) on port ${port} exited:\n${out}`)));
  });
  return { child, exited };
}

async function clusterInfo(port: number): Promise<string> {
  const { stdout } = await run('redis-cli', ['-h', '127.0.0.1', '-p', String(port), 'CLUSTER', 'INFO']);
  return stdout;
}

/**
 * A throwaway Redis Cluster of three masters (no replicas) on loopback, keeping nothing on disk: the real
 * thing Kiln's REDIS_CLUSTER_NODES points at, never the machine's shared Redis. Resolves once every node
 * reports `cluster_state:ok` (all 16384 slots assigned and agreed).
 */
export async function startRedisCluster(masterCount = 3): Promise<RedisCluster> {
  const dir = await mkdtemp(join(tmpdir(), 'kiln-redis-cluster-'));
  const started: { port: number; node: Started }[] = [];
  try {
    while (started.length < masterCount) {
      const port = await freePort();
      const busPort = await freePort();
      if (port === busPort) continue;
      try {
        started.push({ port, node: await startNode(dir, port, busPort) });
      } catch (err) {
        // Another process took the port between the probe and the bind: try other ports.
        if (!/Address already in use|bind/i.test(String(err))) throw err;
      }
    }
    const addresses = started.map((s) => `127.0.0.1:${s.port}`);
    await run('redis-cli', ['--cluster', 'create', ...addresses, '--cluster-replicas', '0', '--cluster-yes']);
    await until('every cluster node to report cluster_state:ok', async () => {
      for (const s of started) if (!(await clusterInfo(s.port)).includes('cluster_state:ok')) return false;
      return true;
    });
  } catch (err) {
    for (const s of started) s.node.child.kill('SIGKILL');
    await Promise.all(started.map((s) => s.node.exited));
    await rm(dir, { recursive: true, force: true });
    throw err;
  }
  const masters: RedisClusterNode[] = started.map((s) => ({
    host: '127.0.0.1',
    port: s.port,
    async kill() {
      s.node.child.kill('SIGKILL');
      await s.node.exited;
    },
  }));
  return {
    nodes: masters.map((m) => `${m.host}:${m.port}`).join(','),
    masters,
    async stop() {
      await Promise.all(masters.map((m) => m.kill()));
      await rm(dir, { recursive: true, force: true });
    },
  };
}
