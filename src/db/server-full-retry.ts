import type postgres from 'postgres';

/** 53300 too_many_connections: the server (or the role's CONNECTION LIMIT) has no room for another connection now. */
const isServerFull = (err: unknown) => (err as { code?: unknown } | null)?.code === '53300';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Near the connection limit, a pool that tries to open one more connection is refused with
 * too_many_connections before its query runs. That is a wait, not an outage: the query is sent again
 * (a free connection of the pool takes it when there is one) until `waitMs` has passed, and only then
 * fails, with the server's error (a 503). Nothing is sent twice: a refused connection ran nothing.
 *
 * Only the two entry points drizzle uses are wrapped: `unsafe` (every statement outside a transaction)
 * and `begin` (a transaction).
 */
export function retryWhileServerFull(sql: postgres.Sql, waitMs: number): postgres.Sql {
  async function withRetry<T>(attempt: () => Promise<T>): Promise<T> {
    const deadline = Date.now() + waitMs;
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

  const unsafe = (query: string, params?: unknown[], options?: object) => {
    let values = false;
    // Started on the next tick: drizzle calls .values() (if at all) at once, before awaiting.
    const running = Promise.resolve().then(() =>
      withRetry(() => {
        const q = sql.unsafe(query, params as never[], options as never);
        return values ? q.values() : q;
      }),
    );
    return Object.assign(running, {
      values() {
        values = true;
        return running;
      },
    });
  };

  // A refusal comes at connect, before `begin` is sent: the body has not run, so the whole call is retried.
  const begin = (...args: unknown[]) => withRetry(() => (sql.begin as (...a: unknown[]) => Promise<unknown>)(...args));

  return new Proxy(sql, {
    get(target, prop, receiver) {
      if (prop === 'unsafe') return unsafe;
      if (prop === 'begin') return begin;
      return Reflect.get(target, prop, receiver);
    },
  });
}
