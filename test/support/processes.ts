import { spawn, type ChildProcess } from 'node:child_process';

const ROOT = new URL('../..', import.meta.url).pathname;

export interface Spawned {
  child: ChildProcess;
  output: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Resolves with the first stdout line matching `pattern`. */
  waitForLine(pattern: RegExp, timeoutMs?: number): Promise<string>;
}

/**
 * Every port a role can listen on, all 0: the process binds free ones and logs them ("API listening",
 * "edge listening"), so a test never collides with a Kiln the developer is running (3000, 8080, 8443).
 */
export const ANY_PORTS = { PORT: '0', EDGE_HTTP_PORT: '0', EDGE_HTTPS_PORT: '0' } as const;

/** Starts `src/main.ts ROLE` as a real child process with the given environment (ports default to 0). */
export function spawnKiln(role: string, env: Record<string, string>): Spawned {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts', role], {
    cwd: ROOT,
    env: { ...process.env, ...ANY_PORTS, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  const listeners = new Set<() => void>();
  const onData = (d: Buffer) => {
    out += d.toString();
    for (const l of listeners) l();
  };
  child.stdout!.on('data', onData);
  child.stderr!.on('data', onData);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  return {
    child,
    output: () => out,
    exited,
    waitForLine(pattern, timeoutMs = 180_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const line = out.split('\n').find((l) => pattern.test(l));
          if (line) {
            listeners.delete(check);
            clearTimeout(timer);
            resolve(line);
          }
        };
        const timer = setTimeout(() => {
          listeners.delete(check);
          reject(new Error(`no line matching ${pattern} within ${timeoutMs} ms; output:\n${out}`));
        }, timeoutMs);
        listeners.add(check);
        check();
      });
    },
  };
}
