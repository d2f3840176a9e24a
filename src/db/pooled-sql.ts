import type postgres from 'postgres';
import type { PoolGate } from './pool-gate';
import { retryWhileServerFull } from './server-full-retry';

/**
 * The postgres.js client as Kiln queries it: each statement outside a transaction, and each transaction,
 * first takes a place at `gate` (waiting for a free connection), then runs, retried while the server
 * refuses a new connection (too_many_connections). One deadline, `waitMs` from the call, covers both
 * waits: for a free connection of the pool and for room on the server.
 *
 * Only the two entry points drizzle uses are wrapped: `unsafe` (every statement outside a transaction)
 * and `begin` (a transaction). Tagged templates (`sql\`…\``), used by tests and tools, pass as they are.
 */
export function pooledSql(sql: postgres.Sql, gate: PoolGate, waitMs: number): postgres.Sql {
  const run = <T>(attempt: () => Promise<T>): Promise<T> => {
    const deadline = Date.now() + waitMs;
    return gate.run(deadline, () => retryWhileServerFull(attempt, deadline));
  };

  const unsafe = (query: string, params?: unknown[], options?: object) => {
    let values = false;
    // Started on the next tick: drizzle calls .values() (if at all) at once, before awaiting.
    const running = Promise.resolve().then(() =>
      run(() => {
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
  const begin = (...args: unknown[]) => run(() => (sql.begin as (...a: unknown[]) => Promise<unknown>)(...args));

  return new Proxy(sql, {
    get(target, prop, receiver) {
      if (prop === 'unsafe') return unsafe;
      if (prop === 'begin') return begin;
      return Reflect.get(target, prop, receiver);
    },
  });
}
