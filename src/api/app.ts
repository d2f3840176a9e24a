import { type Context, Hono } from 'hono';
import type { Runtime } from '../runtime';
import type { AppEnv } from './context';
import { authenticate } from './middleware/auth';
import { limitBody as limitRequestBody } from './middleware/body-limit';
import { idempotency } from './middleware/idempotency';
import { rateLimit } from './middleware/rate-limit';
import { requireDecodableTarget } from './middleware/request-target';
import { registerDocs } from './routes/docs';
import { isArchiveUpload, isDigestUpload, registerCreateDeployment } from './routes/hosting/deployments-create';
import { registerListDeployments } from './routes/hosting/deployments-list';
import { registerReadDeployment } from './routes/hosting/deployments-read';
import { registerDeployHooks } from './routes/hosting/hooks';
import { registerDeployHookTrigger } from './routes/hosting/hooks-trigger';
import { registerPromoteDeployment } from './routes/hosting/deployments-promote';
import { registerRollbackDeployment } from './routes/hosting/deployments-rollback';
import { registerDomains } from './routes/hosting/domains';
import { registerListDomains } from './routes/hosting/domains-list';
import { registerFileChat } from './routes/files/chat';
import { registerDeleteFile } from './routes/files/delete';
import { registerListFiles } from './routes/files/list';
import { registerFileUpload, UPLOAD_PATH } from './routes/files/upload';
import { registerHealth } from './routes/health';
import { registerImageGenerate } from './routes/image-generate';
import { registerJobEvents } from './routes/job-events';
import { registerJobs } from './routes/jobs';
import { registerUsage } from './routes/usage';
import { registerTextGenerate } from './routes/text/generate';
import { registerPlagiarismCheck } from './routes/text/plagiarism-check';
import { registerClone } from './routes/voice/clone';
import { registerSynthesize } from './routes/voice/synthesize';
import { registerVoices } from './routes/voice/voices';
import { registerCreateWebhook } from './routes/webhooks/create';
import { registerDeleteWebhook } from './routes/webhooks/delete';
import { registerEnableWebhook } from './routes/webhooks/enable';
import { registerListWebhookDeliveries } from './routes/webhooks/deliveries';
import { registerListWebhooks } from './routes/webhooks/list';
import { registerReadWebhook } from './routes/webhooks/read';
import { registerReplayWebhookDelivery } from './routes/webhooks/replay';
import { registerTestWebhook } from './routes/webhooks/test-event';
import { registerUpdateWebhook } from './routes/webhooks/update';

export const JSON_BODY_LIMIT = 2 * 1024 * 1024;

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
  // Only where a body is expected: on @hono/node-server, touching the body of a GET builds a whole
  // WHATWG Request, which costs a GET several times its own work.
  const limitBody = limitRequestBody(JSON_BODY_LIMIT);
  // Uploads stream their own (larger) limit, counted on the file as it arrives.
  const isUpload = (c: Context<AppEnv>) => c.req.path === `/v1${UPLOAD_PATH}` || isArchiveUpload(c) || isDigestUpload(c);
  v1.on(['POST', 'PUT', 'PATCH'], '*', (c, next) => (isUpload(c) ? next() : limitBody(c, next)));
  v1.use(authenticate(rt.principals, rt.keyUses));
  v1.use(rateLimit(rt.rateLimiter));
  v1.use(requireDecodableTarget());
  v1.on('POST', '*', idempotency(rt, { isStreamed: isUpload }));
  registerUsage(v1, rt);
  registerTextGenerate(v1, rt);
  registerPlagiarismCheck(v1, rt);
  registerImageGenerate(v1, rt);
  registerSynthesize(v1, rt);
  registerClone(v1, rt);
  registerVoices(v1, rt);
  registerFileUpload(v1, rt);
  registerFileChat(v1, rt);
  registerListFiles(v1, rt);
  registerDeleteFile(v1, rt);
  registerJobs(v1, rt);
  registerJobEvents(v1, rt);
  registerCreateDeployment(v1, rt);
  registerListDeployments(v1, rt);
  registerReadDeployment(v1, rt);
  registerRollbackDeployment(v1, rt);
  registerPromoteDeployment(v1, rt);
  registerDeployHooks(v1, rt);
  registerDomains(v1, rt);
  registerListDomains(v1, rt);
  registerCreateWebhook(v1, rt);
  registerListWebhooks(v1, rt);
  registerReadWebhook(v1, rt);
  registerUpdateWebhook(v1, rt);
  registerDeleteWebhook(v1, rt);
  registerListWebhookDeliveries(v1, rt);
  registerReplayWebhookDelivery(v1, rt);
  registerTestWebhook(v1, rt);
  registerEnableWebhook(v1, rt);
  app.route('/v1', v1);
  return app;
}
