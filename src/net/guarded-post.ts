import type { IncomingMessage } from 'node:http';
import { isPublicAddress } from './address-policy';
import { FetchRefusedError } from './fetch-refused-error';
import { defaultHostLookup, parseFetchUrl, resolveTarget, targetLabel, type HostLookup } from './fetch-target';
import type { PinnedAgents } from './pinned-agents';
import { connectionError, sendRequest } from './send-request';

export interface GuardedPostOptions {
  /** FETCH_ALLOW_PRIVATE: skips only the address check. */
  allowPrivate: boolean;
  /** Time cap for DNS, connect, the answer's head and the excerpt. */
  timeoutMs: number;
  /** How many characters of the answer to keep. */
  excerptChars: number;
  userAgent?: string;
  lookup?: HostLookup;
  /** Keep-alive pools to reuse connections from (the address check still runs for every request). */
  agents?: PinnedAgents;
}

export interface PostAnswer {
  status: number;
  /** The first `excerptChars` characters of the answer (decoded as UTF-8, lossy). */
  excerpt: string;
}

/**
 * POSTs a body to a user-given URL under the same address rules as the guarded fetch: every resolved
 * address checked, the connection pinned to the checked ones. Redirects are not followed: any status is
 * answered to the caller, who decides what counts as success. Only the first bytes of the answer are read;
 * the rest is dropped with the socket (a short answer read to its end leaves the connection to the pool,
 * when `agents` is given). Refusals and network failures throw FetchRefusedError.
 */
export async function guardedPost(input: string, body: Buffer, headers: Record<string, string>, opts: GuardedPostOptions): Promise<PostAnswer> {
  const deadline = new AbortController();
  let label = input;
  const timer = setTimeout(
    () => deadline.abort(new FetchRefusedError('timeout', `no answer from ${label} within ${Math.round(opts.timeoutMs / 100) / 10} s`)),
    opts.timeoutMs,
  );
  const signal = deadline.signal;
  try {
    const url = parseFetchUrl(input, false);
    label = targetLabel(url, false);
    const isAllowed = opts.allowPrivate ? () => true : isPublicAddress;
    const target = await resolveTarget(url, false, opts.lookup ?? defaultHostLookup, isAllowed, signal);
    const res = await sendRequest(target, {
      userAgent: opts.userAgent ?? 'Kiln-Webhooks/1.0',
      signal,
      label,
      method: 'POST',
      headers,
      body,
      agent: opts.agents?.agentFor(target),
    });
    const excerpt = await readExcerpt(res, opts.excerptChars * 4, label);
    return { status: res.statusCode ?? 0, excerpt: excerpt.slice(0, opts.excerptChars) };
  } catch (err) {
    if (signal.aborted) throw signal.reason;
    throw err;
  } finally {
    clearTimeout(timer);
  }
}

/** Reads up to `maxBytes` of the answer, then closes the socket (a receiver's long page is not our business). */
function readExcerpt(res: IncomingMessage, maxBytes: number, label: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const done = () => {
      res.off('data', onData);
      resolve(Buffer.concat(chunks).subarray(0, maxBytes).toString('utf8'));
    };
    const onData = (chunk: Buffer) => {
      chunks.push(chunk);
      size += chunk.length;
      if (size >= maxBytes) {
        res.destroy();
        done();
      }
    };
    res.on('data', onData);
    res.once('end', done);
    res.once('error', (err) => (size >= maxBytes ? done() : reject(err instanceof FetchRefusedError ? err : connectionError(label, err))));
  });
}
