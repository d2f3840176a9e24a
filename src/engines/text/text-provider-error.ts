export class TextProviderError extends Error {
  /** True when retrying the same request cannot succeed (bad request, bad key, unsupported language): the queue should fail the job at once. */
  readonly permanent: boolean;
  readonly status: number | undefined;

  constructor(message: string, opts: { status?: number; permanent?: boolean; cause?: unknown } = {}) {
    super(message, opts.cause === undefined ? undefined : { cause: opts.cause });
    this.name = 'TextProviderError';
    this.status = opts.status;
    this.permanent = opts.permanent ?? false;
  }
}

/** 4xx means the request itself is wrong, except timeouts (408) and rate limits (429), which pass with time. */
export function isPermanentStatus(status: number): boolean {
  return status >= 400 && status < 500 && status !== 408 && status !== 429;
}
