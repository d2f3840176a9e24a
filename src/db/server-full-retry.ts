/** 53300 too_many_connections: the server (or the role's CONNECTION LIMIT) has no room for another connection now. */
const isServerFull = (err: unknown) => (err as { code?: unknown } | null)?.code === '53300';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Near the connection limit, a pool that tries to open one more connection is refused with
 * too_many_connections before its query runs. That is a wait, not an outage: the query is sent again
 * (a free connection of the pool takes it when there is one) until `deadline` (epoch ms) has passed, and
 * only then fails, with the server's error (a 503). Nothing is sent twice: a refused connection ran nothing.
 */
export async function retryWhileServerFull<T>(attempt: () => Promise<T>, deadline: number): Promise<T> {
  for (let round = 0; ; round++) {
    try {
      return await attempt();
    } catch (err) {
      if (!isServerFull(err) || Date.now() >= deadline) throw err;
      // Short and spread out, so that the processes waiting on one limit do not all knock at once.
      await pause(Math.min(20 * 2 ** round, 250) * (0.5 + Math.random()));
    }
  }
}
