import { resolver } from 'hono-openapi';
import * as v from 'valibot';

/** OpenAPI pieces shared by the OpenAI-compatible routes. */
export const OPENAI_TAG = 'OpenAI-compatible';

const openaiErrorSchema = v.object({
  error: v.object({
    message: v.string(),
    type: v.pipe(v.string(), v.description('invalid_request_error, requests (rate limit), insufficient_quota, api_error (provider), server_error')),
    param: v.pipe(v.nullable(v.string()), v.description('The request field at fault, when one is')),
    code: v.pipe(
      v.nullable(v.string()),
      v.description('invalid_api_key, rate_limit_exceeded, insufficient_quota, model_not_found, missing_required_parameter, invalid_value, …'),
    ),
  }),
});

const DESCRIPTIONS: Record<number, string> = {
  400: 'Invalid request (`invalid_request_error`, `param` names the field)',
  401: 'Missing or unknown API key (`invalid_api_key`)',
  403: 'The plan or the key does not include this product',
  404: 'Unknown model (`model_not_found`)',
  429: 'Rate limit (`rate_limit_exceeded`) or quota (`insufficient_quota`, not retried) reached',
  502: 'The configured provider refused the request',
  503: 'Still running after OPENAI_COMPAT_WAIT_MS (not to be resent), or a dependency is down',
};

/** The error answers of an OpenAI-compatible route, in OpenAI's error shape. */
export function openaiErrorResponses(...statuses: number[]) {
  return Object.fromEntries(
    statuses.map((s) => [s, { description: DESCRIPTIONS[s] ?? 'Error', content: { 'application/json': { schema: resolver(openaiErrorSchema) } } }]),
  );
}
