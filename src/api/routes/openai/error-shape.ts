import type { MiddlewareHandler } from 'hono';
import { openaiError } from '../../../openai-compat';
import type { AppEnv } from '../../context';

/** The paths of the OpenAI-compatible endpoints under /v1, where errors take OpenAI's shape. */
export const OPENAI_PATHS = ['/chat/*', '/embeddings', '/embeddings/*', '/models', '/models/*', '/images/*', '/audio/*'];

/**
 * Registered on /v1 before authentication, so every refusal on these paths — the key (401), the rate limit
 * and quota (429), validation (400), the route itself, an unknown method — leaves in OpenAI's
 * `{"error":{"message","type","param","code"}}` instead of Kiln's envelope. The one error handler
 * (middleware/errors.ts) wrote Kiln's envelope already; this rewrites its body, keeping status and headers.
 * An error that names its field (`param` on the thrown error) keeps it; otherwise the field a validation
 * message starts with is the `param`.
 */
export function openaiErrorShape(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    await next();
    const res = c.res;
    if (res.status < 400 || !res.headers.get('content-type')?.includes('application/json')) return;
    const body = (await res
      .clone()
      .json()
      .catch(() => null)) as { error?: { code?: unknown; message?: unknown } } | null;
    const code = body?.error?.code;
    const message = body?.error?.message;
    if (typeof code !== 'string' || typeof message !== 'string') return;
    const thrown = c.error as { param?: string | null; openaiCode?: string } | undefined;
    const shaped = openaiError(code, message, res.status, thrown?.param);
    if (thrown?.openaiCode) shaped.error.code = thrown.openaiCode;
    const headers = new Headers(res.headers);
    headers.delete('content-length');
    // OpenAI's clients retry a 429 on their own: an exhausted quota will not come back within their retries.
    if (code === 'quota_exceeded') headers.set('x-should-retry', 'false');
    c.res = undefined;
    c.res = new Response(JSON.stringify(shaped), { status: res.status, headers });
  };
}
