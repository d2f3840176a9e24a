import { setTimeout as sleep } from 'node:timers/promises';
import type { BenchContext } from './types';

export interface Answered<T> {
  /** Wall time from sending the POST until the final answer was read, in seconds. */
  wallS: number;
  status: number;
  body: T;
  /** The POST answered 202 and the job was polled. */
  polled: boolean;
}

/**
 * POST a JSON body to a synchronous endpoint with the bench key and, if it answers 202 (the job outlived the
 * synchronous wait), poll its job link until the job is done. Throws unless the final answer is 200.
 */
export async function postAndWait<T>(ctx: BenchContext, path: string, body: unknown, timeoutMs = 60_000): Promise<Answered<T>> {
  const headers = { authorization: `Bearer ${ctx.apiKey}`, 'content-type': 'application/json' };
  const started = performance.now();
  let res = await fetch(`${ctx.apiUrl}${path}`, { method: 'POST', headers, body: JSON.stringify(body), signal: AbortSignal.timeout(timeoutMs) });
  const polled = res.status === 202;
  const deadline = Date.now() + timeoutMs;
  while (res.status === 202 && Date.now() < deadline) {
    await res.arrayBuffer();
    await sleep(100);
    res = await fetch(`${ctx.apiUrl}${res.headers.get('location') ?? ''}`, { headers: { authorization: headers.authorization } });
  }
  const text = await res.text();
  const wallS = (performance.now() - started) / 1000;
  if (res.status !== 200) throw new Error(`POST ${path} answered ${res.status}: ${text.slice(0, 300)}`);
  return { wallS, status: res.status, body: JSON.parse(text) as T, polled };
}

/** The sample's p-th quantile (nearest rank), e.g. 0.5 for the median. */
export function quantile(samples: number[], p: number): number {
  const s = [...samples].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil(p * s.length) - 1))] ?? NaN;
}
