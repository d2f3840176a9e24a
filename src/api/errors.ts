import type { ContentfulStatusCode } from 'hono/utils/http-status';

/**
 * The one error type of the API. Everything a route or middleware refuses is thrown as an ApiError and
 * turned into the envelope of spec 2.11 in one place (`handleError`).
 */
export class ApiError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: string,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export interface ErrorEnvelope {
  error: { code: string; message: string; request_id?: string };
}

export function envelope(code: string, message: string, requestId?: string): ErrorEnvelope {
  return { error: requestId ? { code, message, request_id: requestId } : { code, message } };
}

export const missingField = (field: string) => new ApiError(400, 'missing_required_field', `'${field}' is required.`);
export const invalidParameter = (message: string) => new ApiError(400, 'invalid_parameter', message);
export const notFound = (message = 'Not found.') => new ApiError(404, 'not_found', message);
export const forbidden = (message: string) => new ApiError(403, 'forbidden', message);
export const unauthorized = (message: string) =>
  new ApiError(401, 'unauthorized', message, { 'WWW-Authenticate': 'Bearer realm="kiln"' });
export const serviceUnavailable = (what: string) =>
  new ApiError(503, 'service_unavailable', `${what} is unreachable; try again shortly.`, { 'Retry-After': '5' });
