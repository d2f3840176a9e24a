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
  ) {
    super(message);
    this.name = 'ApiError';
    this.status = statusOf(code);
  }
}

export interface ErrorEnvelope {
  error: { code: ErrorCode; message: string; request_id?: string };
}

export function envelope(code: ErrorCode, message: string, requestId?: string): ErrorEnvelope {
  return { error: requestId ? { code, message, request_id: requestId } : { code, message } };
}

export const missingField = (field: string) => new ApiError('missing_required_field', `'${field}' is required.`);
export const invalidParameter = (message: string) => new ApiError('invalid_parameter', message);
export const notFound = (message = 'Not found.') => new ApiError('not_found', message);
export const conflict = (message: string) => new ApiError('conflict', message);
export const forbidden = (message: string) => new ApiError('forbidden', message);
export const unauthorized = (message: string) => new ApiError('unauthorized', message, { 'WWW-Authenticate': 'Bearer realm="kiln"' });
export const serviceUnavailable = (what: string) => new ApiError('service_unavailable', `${what} is unreachable; try again shortly.`, { 'Retry-After': '5' });
