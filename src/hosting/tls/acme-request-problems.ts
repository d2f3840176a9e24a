import { AsyncLocalStorage } from 'node:async_hooks';
import * as acme from 'acme-client';

/*
 * acme-client turns a CA's refusal of a request (rateLimited or rejectedIdentifier on newOrder, for
 * instance) into an Error carrying only the problem's `detail`. To keep the whole problem document, one
 * response interceptor on acme-client's shared axios instance notes the last problem+json answer of the
 * issuance it belongs to (AsyncLocalStorage: concurrent issuances keep theirs apart).
 */

interface Capture {
  last?: Record<string, unknown>;
}

const captures = new AsyncLocalStorage<Capture>();
let installed = false;

function install(): void {
  if (installed) return;
  installed = true;
  // Runs after acme-client's own interceptor, which resolves every response (errors included) once retries are over.
  acme.axios.interceptors.response.use((response) => {
    const capture = captures.getStore();
    const data = response?.data as unknown;
    if (capture && response.status >= 400 && typeof data === 'object' && data !== null && typeof (data as { type?: unknown }).type === 'string') {
      capture.last = data as Record<string, unknown>;
    }
    return response;
  });
}

/**
 * Runs `work` noting the problem documents the CA answers its requests with; `problemFor` then gives the
 * one an acme-client error was made from (matched on its message, which is the problem's `detail`).
 */
export function withRequestProblems<T>(work: (problemFor: (err: unknown) => Record<string, unknown> | undefined) => Promise<T>): Promise<T> {
  install();
  const capture: Capture = {};
  const problemFor = (err: unknown) => {
    const detail = capture.last?.detail;
    // acme-client strips newlines from the detail it throws.
    return err instanceof Error && typeof detail === 'string' && err.message === detail.replace(/\n/g, '') ? capture.last : undefined;
  };
  return captures.run(capture, () => work(problemFor));
}
