import { Hono } from 'hono';
import type { Runtime } from '../runtime';
import type { AppEnv } from './context';
import { authenticate } from './middleware/auth';
import { rateLimit } from './middleware/rate-limit';
import { requireDecodableTarget } from './middleware/request-target';
import { auditRoutes } from './routes/audit';
import { registerDocs } from './routes/docs';
import { fileRoutes } from './routes/files';
import { registerHealth } from './routes/health';
import { hostingRoutes } from './routes/hosting';
import { registerDeployHookTrigger } from './routes/hosting/hooks-trigger';
import { imageRoutes } from './routes/image';
import { jobRoutes } from './routes/jobs';
import { OPENAI_PATHS, openaiErrorShape, openaiRoutes } from './routes/openai';
import { plagiarismRoutes, textRoutes } from './routes/text';
import { usageRoutes } from './routes/usage';
import { voiceRoutes } from './routes/voice';
import { webhookRoutes } from './routes/webhooks';

/**
 * The API face: health, the OpenAPI document and its reference page, the deploy hook trigger and every /v1
 * route. Mounted at the root of the web process's app (src/roles/web-app.ts), beside the dashboard and the CDN.
 */
export function createApi(rt: Runtime): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  registerHealth(app, rt);
  registerDocs(app, { publicUrl: rt.config.PUBLIC_URL });

  // Before /v1 is mounted: its one route that takes no API key (the URL's secret is the credential).
  registerDeployHookTrigger(app, rt);
  const v1 = new Hono<AppEnv>();
  // First: every refusal on the OpenAI-compatible paths (the key's included) leaves in OpenAI's error shape.
  for (const path of OPENAI_PATHS) v1.use(path, openaiErrorShape());
  v1.use(authenticate(rt.principals, rt.keyUses, rt.config.TRUST_PROXY));
  v1.use(rateLimit(rt.rateLimiter));
  v1.use(requireDecodableTarget());
  // One group per product, each with its guard, body limit and idempotency set once (src/api/route-group.ts).
  const groups = [
    usageRoutes,
    textRoutes,
    plagiarismRoutes,
    imageRoutes,
    voiceRoutes,
    fileRoutes,
    jobRoutes,
    hostingRoutes,
    webhookRoutes,
    auditRoutes,
    openaiRoutes,
  ];
  for (const group of groups) v1.route('/', group(rt));
  app.route('/v1', v1);
  return app;
}
