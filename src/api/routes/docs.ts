import { readFile } from 'node:fs/promises';
import type { Hono } from 'hono';
import { generateSpecs } from 'hono-openapi';
import { SCOPES } from '../../db/queries/accounts';
import type { AppEnv } from '../context';
import { documentIdempotency } from '../schemas/idempotency-openapi';
import { documentWebhooks } from '../schemas/webhooks-openapi';

// The package exports no path to its browser bundle, so find it beside the entry point it does export.
/** The API key scheme, with the closed set of scopes a key may be limited to. */
const BEARER =
  'A `kiln_…` API key. A key may be limited to scopes: ' +
  SCOPES.map((s) => `\`${s}\``).join(', ') +
  " (each product, and `webhooks` for every /v1/webhooks route: an endpoint receives every product's events). " +
  "A route outside the key's scopes answers 403 `forbidden` naming the scope it needs; a key without scopes calls every route of its plan.";

/** Every operation's tag, declared once with what the group is for (clients and reference pages group by them). */
const TAGS = [
  { name: 'Text', description: 'Write, rewrite and paraphrase text; check text for plagiarism.' },
  { name: 'Images', description: 'Generate images from a prompt.' },
  { name: 'Voice', description: 'Speak text in a built-in or cloned voice; clone a voice from a recording.' },
  { name: 'Files', description: 'Upload PDF, .docx and CSV files and ask questions about them.' },
  { name: 'Jobs', description: 'Results and live progress of requests that answered 202.' },
  { name: 'Usage', description: 'What this billing period has used, against the plan’s quotas.' },
  { name: 'Hosting', description: 'Static-site deployments (atomic publish and rollback), deploy hooks and custom domains.' },
  {
    name: 'OpenAI-compatible',
    description:
      'OpenAI’s own API shapes (chat, embeddings, models, images, speech) on Kiln’s keys, quotas and bills, for tools that speak OpenAI’s API; errors in OpenAI’s shape.',
  },
  { name: 'Webhooks', description: 'Endpoints that receive signed events (Standard Webhooks), their deliveries and replays.' },
  { name: 'Audit', description: 'Who changed the account and when: dashboard users, API keys, the CLI, deploy hooks.' },
];

const SCALAR_BUNDLE = new URL('./browser/standalone.js', import.meta.resolve('@scalar/api-reference'));

/**
 * Scalar's configuration (its `data-configuration`, checked against @scalar/api-reference 1.40.9's schema):
 * everything that needs Scalar's servers is off, so the page works, and reaches nothing, without the internet.
 *  - `withDefaultFonts: false`: the default fonts load from Scalar's font host on every visit.
 *  - `showDeveloperTools: 'never'`: the toolbar with "Share" (uploads the document to Scalar's registry) and
 *    "Generate SDKs" (Scalar's hosted generator); its default, `localhost`, shows it to anyone trying Kiln locally.
 *  - `telemetry: false`: the API client would report each request it sends to api.scalar.com.
 */
export const SCALAR_CONFIGURATION = { withDefaultFonts: false, showDeveloperTools: 'never', telemetry: false } as const;

const DOCS_PAGE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Kiln API reference</title>
  </head>
  <body>
    <script id="api-reference" data-url="/openapi.json" data-configuration='${JSON.stringify(SCALAR_CONFIGURATION)}'></script>
    <script src="/docs/scalar.js"></script>
  </body>
</html>`;

/**
 * `/openapi.json` is generated from the valibot schemas the routes validate with; `/docs` renders it
 * with Scalar's standalone bundle served from this origin, so the page works with no internet (and with
 * what would reach Scalar's servers turned off: SCALAR_CONFIGURATION).
 */
export function registerDocs(app: Hono<AppEnv>, opts: { publicUrl: string }) {
  // Generated once, on first request, when every route is registered; then amended with what applies to
  // many routes at once (Idempotency-Key on every POST).
  let spec: Promise<object> | null = null;
  app.get('/openapi.json', async (c) => {
    spec ??= generateSpecs(
      app,
      {
        documentation: {
          openapi: '3.1.0',
          info: {
            title: 'Kiln API',
            version: '1.0.0',
            description:
              'Content generation and site hosting. Every `/v1` request needs `Authorization: Bearer <API key>`. ' +
              'Errors always answer `{ "error": { "code", "message" } }`. Every POST accepts an `Idempotency-Key` to make retries safe.',
            // The installation's own reference page: the operator who runs this API is its contact.
            contact: { name: 'Kiln API reference', url: `${opts.publicUrl}/docs` },
          },
          servers: [{ url: opts.publicUrl }],
          tags: TAGS,
          components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', description: BEARER } } },
          security: [{ bearer: [] }],
        },
        exclude: [/^\/(?!v1\/)/],
      },
      c,
    )
      .then(documentIdempotency)
      .then(documentWebhooks)
      .catch((err: unknown) => {
        spec = null;
        throw err;
      });
    return c.json(await spec);
  });
  let bundle: Promise<Buffer> | null = null;
  app.get('/docs/scalar.js', async (c) => {
    bundle ??= readFile(SCALAR_BUNDLE);
    c.header('Content-Type', 'text/javascript; charset=utf-8');
    c.header('Cache-Control', 'public, max-age=86400');
    return c.body(new Uint8Array(await bundle));
  });
  app.get('/docs', (c) => c.html(DOCS_PAGE));
}
