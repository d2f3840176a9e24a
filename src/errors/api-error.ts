import { type ErrorCode, type ErrorStatus, statusOf } from './codes';

/**
 * The one error type of the API. Everything a route or middleware refuses is thrown as an ApiError and
 * turned into the envelope of spec 2.11 in one place (`handleError`).
 */
export class ApiError extends Error {
  /** Always the code's own status (src/errors/codes.ts). */
  readonly status: ErrorStatus;

  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly headers: Record<string, string> = {},
    /**
     * The one request parameter the error is about, as Stripe and OpenAI name it: a body field (dotted for a nested
     * one, `messages.0.content`), a query parameter or a path parameter (`voice_id`). Absent when no one parameter is.
     */
    readonly param?: string,
  ) {
    super(message);
    this.name = 'ApiError';
    this.status = statusOf(code);
  }
}

export interface ErrorEnvelope {
  error: { code: ErrorCode; message: string; param?: string; request_id?: string };
}

/** `{"error":{"code","message","param"?,"request_id"?}}`: `param` only when the error names one parameter. */
export function envelope(code: ErrorCode, message: string, requestId?: string, param?: string): ErrorEnvelope {
  return {
    error: {
      code,
      message,
      ...(param !== undefined && param !== '' ? { param } : {}),
      ...(requestId ? { request_id: requestId } : {}),
    },
  };
}

export const missingField = (field: string) => new ApiError('missing_required_field', `'${field}' is required.`, {}, field);
/** `param`: the parameter the message is about, when it is about one (see ApiError.param). */
export const invalidParameter = (message: string, param?: string) => new ApiError('invalid_parameter', message, {}, param);
export const notFound = (message = 'Not found.', param?: string) => new ApiError('not_found', message, {}, param);
export const conflict = (message: string) => new ApiError('conflict', message);
export const forbidden = (message: string) => new ApiError('forbidden', message);
export const unauthorized = (message: string) => new ApiError('unauthorized', message, { 'WWW-Authenticate': 'Bearer realm="kiln"' });
export const serviceUnavailable = (what: string) => new ApiError('service_unavailable', `${what} is unreachable; try again shortly.`, { 'Retry-After': '5' });
