import { Hono } from 'hono';
import { mountQueueDashboard } from '../api/admin-queues';
import { createApi } from '../api/app';
import { allowedMethodsOf } from '../api/allowed-methods';
import type { AppEnv } from '../api/context';
import { handleError, notFoundHandler } from '../api/middleware/errors';
import { requestId } from '../api/middleware/request-id';
import { requestLog } from '../api/middleware/request-log';
import { createDashboard } from '../dashboard/app';
import { registerFrontDoor } from './front-door';
import { recordHttpMetrics } from '../metrics';
import type { Runtime } from '../runtime';
import { createCdnApp } from '../storage';
import { traceHttpRequests } from '../tracing/http-server-span';
import { tracingOn } from '../tracing/switch';

/** The mount point of the CDN inside the web process, when CDN_URL points at this service itself. */
function cdnMountPath(publicUrl: string, cdnUrl: string): string | null {
  if (!cdnUrl.startsWith(`${publicUrl}/`)) return null;
  return cdnUrl.slice(publicUrl.length);
}

/** Where the dashboard is mounted (its pages link to `/dashboard/…` themselves). */
const DASHBOARD_PATH = '/dashboard';

/**
 * Everything a `web` process serves on PORT, composed here so that no face mounts another: the API, the
 * dashboard, the queue dashboard for operators and (when CDN_URL is this service) the CDN. Request ids, the
 * request log and metrics are every face's; an unknown path answers the API's JSON 404 or 405.
 */
export function createWebApp(rt: Runtime): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  // First, so the request's log line and everything else it does happen inside its span.
  if (tracingOn()) app.use(traceHttpRequests({ untraced: ['/healthz', '/health', '/readyz'] }));
  app.use(recordHttpMetrics());
  app.use(requestId());
  app.use(requestLog(rt.log));
  app.onError(handleError);
  app.notFound(notFoundHandler(allowedMethodsOf(app)));

  if (rt.config.ADMIN_USER && rt.config.ADMIN_PASSWORD) {
    mountQueueDashboard(app, rt, { username: rt.config.ADMIN_USER, password: rt.config.ADMIN_PASSWORD });
  }
  app.route(DASHBOARD_PATH, createDashboard(rt));
  registerFrontDoor(app, { publicUrl: rt.config.PUBLIC_URL, dashboardPath: DASHBOARD_PATH });
  const cdnPath = cdnMountPath(rt.config.PUBLIC_URL, rt.config.CDN_URL);
  if (cdnPath) app.route(cdnPath, createCdnApp({ store: rt.store, secret: rt.config.CDN_SIGNING_SECRET }));
  app.route('/', createApi(rt));
  return app;
}
