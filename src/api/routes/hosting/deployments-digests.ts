import type { Context } from 'hono';
import { describeRoute, resolver } from 'hono-openapi';
import { ApiError, conflict, invalidParameter, notFound } from '../../../errors/api-error';
import { finalizeDigestDeployment, receiveDigestContent, requestDigestDeployment } from '../../../hosting/digest-deploy';
import { deploymentSchema, deploymentView, uploadedContentSchema } from '../../../hosting/views';
import type { DeploymentEnvironment } from '../../../db/schema';
import type { Runtime } from '../../../runtime';
import type { App, AppEnv } from '../../context';
import { storageExceeded } from '../../quota';
import { errorResponses } from '../../schemas/responses';

type Rt = Pick<Runtime, 'db' | 'siteOwners' | 'queues' | 'store' | 'config' | 'usage'>;

const CONTENT_PATH = /^\/v1\/hosting\/deployments\/[^/]+\/files\/[^/]+$/;
const SHA256 = /^[0-9a-f]{64}$/;

/** An upload of one content of a deploy by digests: its raw body streams with its own limit (no JSON body limit). */
export function isDigestUpload(c: Context<AppEnv>): boolean {
  return c.req.method === 'PUT' && CONTENT_PATH.test(c.req.path);
}

/** The API key that asked, as the account's activity names it. */

/** POST /v1/hosting/deployments with `files` (the create route's JSON body, already validated). */
export async function createDigestDeployment(
  c: Context<AppEnv>,
  rt: Rt,
  body: { site_id: string; environment: DeploymentEnvironment; source_url?: string; files: Record<string, string> },
): Promise<Response> {
  if (body.source_url !== undefined) throw invalidParameter("'files' and 'source_url' cannot come together: send one or the other.", 'source_url');
  const outcome = await requestDigestDeployment(rt, {
    accountId: c.get('principal').accountId,
    siteId: body.site_id,
    environment: body.environment,
    files: body.files,
    actor: c.get('actor'),
  });
  if (outcome.kind === 'refused') throw invalidParameter(outcome.message);
  if (outcome.kind === 'site_taken') throw notFound(`No site ${body.site_id} on this account.`, 'site_id');
  return c.json({ ...deploymentView(outcome.deployment, rt.config), required: outcome.required }, 201);
}

export function registerDigestUploads(app: App, rt: Rt) {
  app.put(
    '/hosting/deployments/:id/files/:sha256',
    describeRoute({
      tags: ['Hosting'],
      summary: 'Upload one file content of a deployment by digests',
      description:
        'The raw bytes (`application/octet-stream`) of a content the deployment listed in `required`; they must hash to `{sha256}` ' +
        '(400 otherwise, nothing stored). Capped like an archive’s files: 413 `file_too_large` past the per-file limit (100 MiB, ' +
        'or `DEPLOY_MAX_ARCHIVE_BYTES` when lower) or when the site’s distinct contents would pass 500 MiB. Uploading a content ' +
        'already received (a retry) answers 200 again and changes nothing; a hash the manifest does not name is 409. The upload of ' +
        'the last missing content queues the build (`status` turns `pending`).',
      requestBody: { content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } } },
      responses: {
        200: { description: 'Stored (or already there)', content: { 'application/json': { schema: resolver(uploadedContentSchema) } } },
        ...errorResponses(400, 401, 403, 404, 409, 413, 429),
      },
    }),
    async (c) => {
      const hash = c.req.param('sha256').toLowerCase();
      if (!SHA256.test(hash)) throw invalidParameter(`'${c.req.param('sha256').slice(0, 80)}' is not a SHA-256 in hex (64 characters).`, 'sha256');
      const principal = c.get('principal');
      const stored = await rt.usage.storage(principal.accountId);
      if (stored.fileBytes + stored.siteBytes >= principal.storageBytes) {
        throw storageExceeded(principal, { used: stored.fileBytes + stored.siteBytes }, 'An upload');
      }
      const outcome = await receiveDigestContent(rt, {
        accountId: principal.accountId,
        deploymentId: c.req.param('id'),
        hash,
        req: c.req.raw,
        actor: c.get('actor'),
      });
      if (outcome.kind === 'not_found') throw notFound(`No deployment ${c.req.param('id')} on this account.`, 'id');
      if (outcome.kind === 'refused') {
        if (outcome.status === 413) throw new ApiError('file_too_large', outcome.message);
        throw outcome.status === 409 ? conflict(outcome.message) : invalidParameter(outcome.message);
      }
      return c.json({
        sha256: outcome.hash,
        size: outcome.size,
        missing: outcome.missing.count,
        required: outcome.missing.hashes,
        status: outcome.deployment.status,
      });
    },
  );

  app.post(
    '/hosting/deployments/:id/finalize',
    describeRoute({
      tags: ['Hosting'],
      summary: 'Start the build of a deployment by digests',
      description:
        'Queues the build once every required content has been uploaded (the last upload does this by itself, so this is for a ' +
        'client that wants to say so). 409 naming how many are still missing, or when the deployment failed (an `uploading` ' +
        'deployment idle for an hour is failed by the sweep). A deployment already past `uploading` is answered as it is.',
      responses: {
        200: { description: 'The deployment, `pending` or later', content: { 'application/json': { schema: resolver(deploymentSchema) } } },
        ...errorResponses(401, 403, 404, 409, 429),
      },
    }),
    async (c) => {
      const outcome = await finalizeDigestDeployment(rt, { accountId: c.get('principal').accountId, deploymentId: c.req.param('id'), actor: c.get('actor') });
      if (outcome.kind === 'not_found') throw notFound(`No deployment ${c.req.param('id')} on this account.`, 'id');
      if (outcome.kind === 'refused') throw conflict(outcome.message);
      return c.json(deploymentView(outcome.deployment, rt.config), 200);
    },
  );
}
