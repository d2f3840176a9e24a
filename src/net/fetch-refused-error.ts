export type FetchRefusal =
  | 'invalid_url'
  | 'scheme'
  | 'private_address'
  | 'dns'
  | 'too_large'
  | 'timeout'
  | 'too_many_redirects'
  | 'http_status'
  | 'connection'
  | 'too_slow';

/**
 * A fetch that was refused or failed for a reason the end user can act on.
 * The message is shown to users as the job's `error`, so it names the host
 * and the problem and never carries internal details such as stack traces or
 * the addresses a name resolved to.
 */
export class FetchRefusedError extends Error {
  override readonly name = 'FetchRefusedError';

  constructor(
    readonly reason: FetchRefusal,
    message: string,
    readonly status?: number,
  ) {
    super(message);
  }

  /** Whether another attempt could succeed (network trouble, a 5xx); a private address, a 404 or an oversize body will not. */
  get transient(): boolean {
    return this.reason === 'timeout' || this.reason === 'connection' || this.reason === 'dns' || (this.reason === 'http_status' && (this.status ?? 0) >= 500);
  }
}
