import { resolver } from 'hono-openapi';
import { errorEnvelopeSchema } from './fields';

const DESCRIPTIONS: Record<number, string> = {
  400: 'Invalid request (`missing_required_field`, `invalid_parameter`)',
  401: 'Missing or unknown API key (`unauthorized`)',
  403: 'The plan does not include this resource (`forbidden`)',
  404: 'Not found (`not_found`)',
  409: 'Conflict with the current state (`conflict`, `idempotency_key_in_use`, …); the message says what',
  413: 'Body too large (`payload_too_large`, `file_too_large`)',
  415: 'Not a type this endpoint takes, by its content (`unsupported_file_type`)',
  422: 'A supported file type that cannot be parsed (`invalid_file`), one over a per-file limit (`file_too_complex`), or an account limit reached (`limit_reached`); the message says which',
  429: 'Rate limit (`rate_limit_exceeded`) or quota (`quota_exceeded`) reached; see `Retry-After`',
};

/** OpenAPI response entries for the error statuses a route can answer, all in the one envelope. */
export function errorResponses(...statuses: number[]) {
  return Object.fromEntries(
    statuses.map((status) => [
      status,
      { description: DESCRIPTIONS[status] ?? 'Error', content: { 'application/json': { schema: resolver(errorEnvelopeSchema) } } },
    ]),
  );
}
