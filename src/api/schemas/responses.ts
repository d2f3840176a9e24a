import { resolver } from 'hono-openapi';
import * as v from 'valibot';
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

const ERROR_CONTENT = { 'application/json': { schema: resolver(errorEnvelopeSchema) } };

/** OpenAPI response entries for the error statuses a route can answer, all in the one envelope. */
export function errorResponses(...statuses: number[]) {
  return Object.fromEntries(statuses.map((status) => [status, errorResponse(DESCRIPTIONS[status] ?? 'Error')]));
}

/** One error answer with words of its own (which codes, when); its body is the same envelope as every error's. */
export function errorResponse(description: string) {
  return { description, content: ERROR_CONTENT };
}

/** What a request answers while its job still runs (also GET /v1/jobs/{id} until the job ends). */
export const jobAcceptedSchema = v.object({
  id: v.pipe(v.string(), v.description('The job id; GET /v1/jobs/{id} answers the result once it is done.')),
  status: v.picklist(['processing']),
});

/**
 * The 202 of a request that outlived its synchronous wait: the job link in the body and in `Location`. A typed
 * client needs the body declared, or it takes a 202 for the finished result.
 */
export function acceptedJobResponse(description: string) {
  return {
    description,
    headers: {
      Location: { description: 'The job: `/v1/jobs/{id}`.', schema: { type: 'string' as const } },
      'Retry-After': { description: 'Seconds to wait before polling.', schema: { type: 'integer' as const } },
    },
    content: { 'application/json': { schema: resolver(jobAcceptedSchema) } },
  };
}
