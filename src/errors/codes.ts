/**
 * The closed set of error codes Kiln answers with, each with its one HTTP status (as Unkey's `ErrorCode`
 * and `codeToStatus`). The API's envelope, the workers' final failures (stored on a row and answered
 * later) and the OpenAPI document's `code` enum all come from this table, so a code cannot be answered
 * with two statuses, and a new one is added here or nowhere.
 */
export const ERROR_STATUS = {
  /** A required field is absent (spec §7). */
  missing_required_field: 400,
  /** A field, parameter or body is malformed, unknown or out of range; the message names it. */
  invalid_parameter: 400,
  /** A deployment's build was refused (bad archive, refused source): the deployment's `error` says why. */
  build_failed: 400,
  /** A voice clone's sample could not be used: the voice's `error` says why. */
  clone_failed: 400,
  unauthorized: 401,
  /** The key is valid but its plan does not include the feature, or a CDN link's signature is wrong. */
  forbidden: 403,
  not_found: 404,
  file_not_found: 404,
  method_not_allowed: 405,
  domain_already_exists: 409,
  /** The resource is not in a state that allows the action (promoting a deployment that is no published preview). */
  conflict: 409,
  /** Webhooks: the endpoint was disabled (five days of failures, or 410 Gone); enable it again (POST /v1/webhooks/{id}/enable). */
  webhook_endpoint_disabled: 409,
  /** Webhooks: a replay of a delivery that is still being attempted (its retries are under way). */
  webhook_delivery_pending: 409,
  /**
   * A request job was cancelled before it finished: its streaming client went away (and no other reader
   * followed it), or POST /v1/jobs/{id}/cancel. Only what was produced is billed.
   */
  cancelled: 409,
  payload_too_large: 413,
  file_too_large: 413,
  /** The account's stored files and sites would pass its plan's storage allowance; the message names used and allowed bytes. */
  storage_quota_exceeded: 413,
  unsupported_file_type: 415,
  /** A request body in a media type the endpoint does not take (the queue dashboard's API takes JSON only). */
  unsupported_media_type: 415,
  range_not_satisfiable: 416,
  invalid_file: 422,
  /** An upload that is readable but over a per-file limit (pages, scanned pages, image pixels, text, rows); the message names it. */
  file_too_complex: 422,
  /** An account limit is reached (webhook endpoints per account, …); the message names the limit. */
  limit_reached: 422,
  quota_exceeded: 429,
  rate_limit_exceeded: 429,
  /** Idempotency-Key: a request with this key is still running; retry after `Retry-After`. */
  idempotency_key_in_use: 409,
  /** Idempotency-Key: the key was already used with a different request (method, path or body). */
  idempotency_key_reused: 422,
  internal_error: 500,
  /** An upstream provider refused the request; retrying the same request will not help. */
  upstream_error: 502,
  /** Postgres or Redis is unreachable; retry shortly (`Retry-After`). */
  service_unavailable: 503,
} as const satisfies Record<string, number>;

export type ErrorCode = keyof typeof ERROR_STATUS;
export type ErrorStatus = (typeof ERROR_STATUS)[ErrorCode];

export const ERROR_CODES = Object.keys(ERROR_STATUS) as ErrorCode[];

export function isErrorCode(code: string): code is ErrorCode {
  return Object.hasOwn(ERROR_STATUS, code);
}

export function statusOf(code: ErrorCode): ErrorStatus {
  return ERROR_STATUS[code];
}
