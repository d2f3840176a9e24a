import type { ErrorCode } from '../errors/codes';

/** OpenAI's error body, as its API and LiteLLM's proxy answer on every failure. */
export interface OpenAIErrorBody {
  error: { message: string; type: string; param: string | null; code: string | null };
}

/** Kiln's codes as OpenAI's `type` and `code` (the HTTP status stays Kiln's, which is OpenAI's for each of these). */
const MAPPED: Partial<Record<ErrorCode, { type: string; code: string | null }>> = {
  unauthorized: { type: 'invalid_request_error', code: 'invalid_api_key' },
  forbidden: { type: 'invalid_request_error', code: 'insufficient_permissions' },
  missing_required_field: { type: 'invalid_request_error', code: 'missing_required_parameter' },
  invalid_parameter: { type: 'invalid_request_error', code: 'invalid_value' },
  not_found: { type: 'invalid_request_error', code: 'not_found' },
  method_not_allowed: { type: 'invalid_request_error', code: 'method_not_allowed' },
  payload_too_large: { type: 'invalid_request_error', code: 'payload_too_large' },
  rate_limit_exceeded: { type: 'requests', code: 'rate_limit_exceeded' },
  quota_exceeded: { type: 'insufficient_quota', code: 'insufficient_quota' },
  upstream_error: { type: 'api_error', code: 'upstream_error' },
  internal_error: { type: 'server_error', code: null },
  service_unavailable: { type: 'server_error', code: 'service_unavailable' },
};

/**
 * The field a Kiln validation message names: messages start with it quoted (`'size' must be …`,
 * `unknown field 'x'; …`). OpenAI's `param` is that field, or null.
 */
export function paramOfMessage(message: string): string | null {
  const m = /^(?:unknown field )?'([^']{1,200})'/.exec(message);
  return m ? m[1]! : null;
}

/**
 * A Kiln error (code and message, and the field when the thrower knew it) in OpenAI's shape. A code the
 * table does not name is an `invalid_request_error` (4xx) or `server_error` (5xx) with Kiln's code as `code`.
 */
export function openaiError(code: string, message: string, status: number, param?: string | null): OpenAIErrorBody {
  const mapped = MAPPED[code as ErrorCode] ?? { type: status >= 500 ? 'server_error' : 'invalid_request_error', code };
  const field = param !== undefined ? param : status === 400 ? paramOfMessage(message) : null;
  return { error: { message, type: mapped.type, param: field, code: mapped.code } };
}
