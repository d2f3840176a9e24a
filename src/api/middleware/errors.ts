import type { Context, ErrorHandler, NotFoundHandler } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { AppEnv } from '../context';
import type { ErrorCode } from '../../errors/codes';
import { ApiError, envelope, serviceUnavailable } from '../../errors/api-error';
import { unavailableDependency } from '../../errors/infra-errors';
import { requestLogger } from './request-log';

const HTTP_EXCEPTION_CODES: Partial<Record<number, ErrorCode>> = { 401: 'unauthorized', 403: 'forbidden', 404: 'not_found', 413: 'payload_too_large' };

function send(c: Context<AppEnv>, err: ApiError) {
  for (const [name, value] of Object.entries(err.headers)) c.header(name, value);
  return c.json(envelope(err.code, err.message, c.get('requestId'), err.param), err.status);
}

/** Every failure leaves through here, in the spec's envelope, without a stack trace. */
export const handleError: ErrorHandler<AppEnv> = (err, c) => {
  if (err instanceof ApiError) return send(c, err);
  const down = unavailableDependency(err);
  if (down) {
    requestLogger(c).warn({ err: { message: err.message }, dependency: down }, 'dependency unavailable');
    return send(c, serviceUnavailable(down));
  }
  if (err instanceof HTTPException && err.status < 500) {
    // Hono's own refusals (basic auth, body limits): keep their headers, answer with our code's status.
    const code = HTTP_EXCEPTION_CODES[err.status] ?? 'invalid_parameter';
    const headers = Object.fromEntries(err.getResponse().headers);
    delete headers['content-type'];
    return send(c, new ApiError(code, err.message || code, headers));
  }
  const requestId = c.get('requestId');
  requestLogger(c).error({ err }, 'unhandled error');
  return send(c, new ApiError('internal_error', `Something went wrong on our side. Quote request id ${requestId} when reporting it.`));
};

/**
 * Unknown route: 404, unless the path exists with other methods, which is 405 with `Allow`.
 * `routes` is read lazily so that routes registered after this handler still count.
 */
export function notFoundHandler(allowedMethods: (path: string) => string[]): NotFoundHandler<AppEnv> {
  return (c) => {
    const allowed = allowedMethods(c.req.path);
    if (allowed.length > 0) {
      return send(
        c,
        new ApiError('method_not_allowed', `${c.req.method} is not allowed on ${c.req.path}; use ${allowed.join(', ')}.`, {
          Allow: allowed.join(', '),
        }),
      );
    }
    return send(c, new ApiError('not_found', `No route for ${c.req.method} ${c.req.path}.`));
  };
}
