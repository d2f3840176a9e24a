import { IDEMPOTENCY_HEADER, REPLAYED_HEADER } from '../middleware/idempotency';

type Json = Record<string, unknown>;
interface Response {
  description?: string;
  headers?: Json;
  content?: unknown;
}
interface Operation {
  parameters?: unknown[];
  security?: unknown[];
  responses?: Record<string, Response>;
}
interface Document {
  paths?: Record<string, { post?: Operation } | undefined>;
  components?: { parameters?: Json; headers?: Json };
}

const PARAMETER = {
  name: IDEMPOTENCY_HEADER,
  in: 'header',
  required: false,
  description:
    'Makes the request safe to retry: a repeat with the same key and the same request within 24 hours answers the first ' +
    'answer again (with `Idempotent-Replayed: true`) without doing the work again. 1 to 255 printable ASCII characters, ' +
    'unique per request (a UUID); scoped to the API key that sent it (another API key with the same value runs its own request). ' +
    "Checked after the route's scope, so a key that may not call the route gets 403, never a stored answer. " +
    'Answers with a 5xx, 401, 403, 409 or 429 status are not kept.',
  schema: { type: 'string', minLength: 1, maxLength: 255, pattern: '^[ -~]+$' },
};

const REPLAYED = {
  description: '`true` when this answer is the stored answer of an earlier request with the same `Idempotency-Key`.',
  schema: { type: 'string', enum: ['true'] },
};

const REFUSALS: Record<string, string> = {
  409: 'A request with this `Idempotency-Key` is still running (`idempotency_key_in_use`); retry after `Retry-After`',
  422: 'This `Idempotency-Key` was used with a different request (`idempotency_key_reused`)',
};

/** The answers a repeat can replay: 2xx and 4xx except 401, 403, 409 and 429 (those, and 5xx, are not kept). */
const replayable = (status: string) => /^[24]\d\d$/.test(status) && !['401', '403', '409', '429'].includes(status);

/**
 * Adds `Idempotency-Key` to every POST under /v1 of the generated document, in one place rather than in
 * each route: the header parameter, `Idempotent-Replayed` on the answers that can be replayed, and the
 * two refusals (in the error envelope every route already documents for 401).
 */
export function documentIdempotency<D extends Document>(doc: D): D {
  const components = (doc.components ??= {});
  components.parameters = { ...components.parameters, IdempotencyKey: PARAMETER };
  components.headers = { ...components.headers, IdempotentReplayed: REPLAYED };
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    const op = item?.post;
    // A keyless POST (a deploy hook's URL) runs ahead of the middleware: the header means nothing there.
    if (!path.startsWith('/v1/') || !op || op.security?.length === 0) continue;
    op.parameters = [...(op.parameters ?? []), { $ref: '#/components/parameters/IdempotencyKey' }];
    const responses = (op.responses ??= {});
    for (const [status, response] of Object.entries(responses)) {
      if (replayable(status)) response.headers = { ...response.headers, [REPLAYED_HEADER]: { $ref: '#/components/headers/IdempotentReplayed' } };
    }
    const envelope = responses['401']?.content;
    for (const status of ['409', '422']) {
      const existing = responses[status];
      if (existing) existing.description = `${existing.description}; ${REFUSALS[status]}`;
      else responses[status] = { description: REFUSALS[status], ...(envelope ? { content: envelope } : {}) };
    }
  }
  return doc;
}
