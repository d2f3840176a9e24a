import { spawn, type ChildProcess } from 'node:child_process';

export interface RedisServer {
  url: string;
  /** SIGKILL: the data goes with it (nothing is saved to disk). */
  kill(): Promise<void>;
}

/**
 * A throwaway `redis-server` of a test's own on `port`, keeping nothing on disk, so the test can kill it
 * and start an empty one in its place. Never the machine's shared Redis, which others are using.
 */
export async function startRedisServer(port: number): Promise<RedisServer> {
  const child: ChildProcess = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
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
    void exited.then(() => reject(new Error(`redis-server on port ${port} exited:\n${out}`)));
  });
  return {
    url: `redis://127.0.0.1:${port}`,
    async kill() {
      child.kill('SIGKILL');
      await exited;
    },
  };
}
