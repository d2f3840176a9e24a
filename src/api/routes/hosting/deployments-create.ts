import { unlink } from 'node:fs/promises';
import type { Context } from 'hono';
import { describeRoute, resolver } from 'hono-openapi';
import * as v from 'valibot';
import { notAnArchive, requestDeployment, requestUploadDeployment } from '../../../hosting/deployment-actions';
import type { Runtime } from '../../../runtime';
import type { App, AppEnv } from '../../context';
import { ApiError, invalidParameter, notFound } from '../../../errors/api-error';
import { claimStreamedRequest } from '../../middleware/idempotency';
import { jsonBody, validateBody } from '../../middleware/json-body';
import { refuseNonPublicHost } from '../../schemas/fetch-url';
import { siteIdField } from '../../schemas/hosting';
import { deploymentSchema, deploymentView, digestDeploymentSchema } from '../../../hosting/views';
import { createDigestDeployment } from './deployments-digests';

import { errorResponses } from '../../schemas/responses';
import { storageExceeded } from '../../quota';
import { receiveFile } from '../../../net/receive-file';

export const DEPLOYMENTS_PATH = '/hosting/deployments';

/** One parse (URL.canParse first and then new URL would be two, on every deploy). */
function isHttpUrl(s: string): boolean {
  try {
    return /^https?:$/.test(new URL(s).protocol);
  } catch {
    return false;
  }
}

const environmentField = v.optional(v.picklist(['production', 'preview'], 'must be production or preview'), 'production');

/** A deploy by file digests: site path → SHA-256 of its content (the paths are checked by the intake, like an archive's). */
const digestManifestField = v.pipe(
  v.record(
    v.string(),
    v.pipe(
      v.string('must map each path to a SHA-256'),
      v.regex(/^[0-9a-fA-F]{64}$/, 'must map each path to a SHA-256 in hex (64 characters)'),
      v.toLowerCase(),
    ),
    'must be an object of paths and SHA-256 hashes',
  ),
  v.description('Deploy by file digests: each site path and the SHA-256 (hex) of its content. Not with `source_url`.'),
);

export const createDeploymentBody = v.object({
  site_id: siteIdField,
  source_url: v.optional(
    v.pipe(
      v.string('must be a string'),
      v.trim(),
      v.maxLength(2048, 'must be at most 2048 characters'),
      v.url('must be an http(s) URL of a .zip or .tar.gz archive'),
      v.check(isHttpUrl, 'must be an http(s) URL of a .zip or .tar.gz archive'),
    ),
  ),
  environment: environmentField,
  files: v.optional(digestManifestField),
});

/** The text parts of a multipart deploy: the JSON body's fields, less `source_url` (the file is the source). */
const uploadFields = v.object({ site_id: siteIdField, environment: environmentField });

/** A deploy that carries its archive (multipart): its body streams, so no JSON body limit and no buffering. */
export function isArchiveUpload(c: Context<AppEnv>): boolean {
  return c.req.path === `/v1${DEPLOYMENTS_PATH}` && /^multipart\/form-data\s*;/i.test(c.req.header('content-type') ?? '');
}

/**
 * 413 when the account already stores all its plan allows: the build could add nothing. The exact charge
 * (the new file contents, known once extracted) is made atomically when the build publishes, and a build
 * that does not fit fails saying so. Read from the usage cache: deploys are a hot path.
 */
async function refuseWhenStorageFull(rt: Pick<Runtime, 'usage'>, c: Context<AppEnv>): Promise<void> {
  const principal = c.get('principal');
  const stored = await rt.usage.storage(principal.accountId);
  const used = stored.fileBytes + stored.siteBytes;
  if (used >= principal.storageBytes) throw storageExceeded(principal, { used }, 'A deployment');
}

export function registerCreateDeployment(app: App, rt: Pick<Runtime, 'config' | 'siteOwners' | 'deploymentIntake' | 'store' | 'usage' | 'db' | 'queues'>) {
  // A deploy by digests continues with uploads of its contents and its finalisation: they belong with it.
  app.post(
    DEPLOYMENTS_PATH,
    describeRoute({
      tags: ['Hosting'],
      summary: 'Deploy a site from an archive',
      description:
        'Records a `pending` deployment and queues its build: the archive (`.zip` or `.tar.gz`, recognised by content) is ' +
        'downloaded, extracted safely and published atomically. Without `source_url` the site’s most recent content is redeployed. ' +
        'Poll GET /v1/hosting/deployments/{id}.\n\n' +
        'Or upload the archive itself: `multipart/form-data` with the archive in a part named `file` and `site_id` (and ' +
        '`environment`) as text parts, in any order. The archive is capped like a downloaded one (413 past `DEPLOY_MAX_ARCHIVE_BYTES`) ' +
        'and is refused at once (415) when it is not a zip or tar.gz. With `Idempotency-Key`, an upload is identified by its fields ' +
        'and the SHA-256 of the archive, so a retry with the same file and fields is answered from the first.\n\n' +
        'The site’s files count against the plan’s storage allowance: each distinct file content once per account, however many ' +
        'deployments serve it. A build whose new contents do not fit fails (`error` names the bytes used and allowed); a deploy ' +
        'request when nothing is left answers 413 `storage_quota_exceeded`.\n\n' +
        'Or deploy by file digests (only what changed is uploaded): `files` maps each site path to the SHA-256 of its content. ' +
        'The answer (201, `status: uploading`) lists in `required` the contents the account does not hold yet; PUT each to ' +
        '/v1/hosting/deployments/{id}/files/{sha256}, and the build starts once none is missing (at once, `pending`, when `required` ' +
        'is empty). Paths follow the archive rules (400 otherwise).',
      requestBody: {
        content: {
          'application/json': { schema: resolver(createDeploymentBody) },
          'multipart/form-data': {
            schema: {
              type: 'object',
              required: ['file', 'site_id'],
              properties: {
                file: { type: 'string', format: 'binary', description: 'The site as a .zip or .tar.gz archive.' },
                site_id: { type: 'string', description: 'Hosted site identifier; the site is created on first use.' },
                environment: { type: 'string', enum: ['production', 'preview'], default: 'production' },
              },
            },
          },
        },
      },
      responses: {
        201: {
          description: 'Deployment recorded (with `required` for a deploy by digests)',
          content: { 'application/json': { schema: resolver(v.union([deploymentSchema, digestDeploymentSchema])) } },
        },
        ...errorResponses(400, 401, 403, 404, 413, 415, 429),
        413: {
          ...errorResponses(413)[413],
          description:
            'An uploaded archive over `DEPLOY_MAX_ARCHIVE_BYTES` (`file_too_large`), or the account already stores all its plan allows (`storage_quota_exceeded`, naming used and allowed bytes)',
        },
      },
    }),
    async (c, next) => {
      await refuseWhenStorageFull(rt, c);
      if (!isArchiveUpload(c)) return next();
      const accountId = c.get('principal').accountId;
      const file = await receiveFile(c.req.raw, {
        field: 'file',
        maxBytes: rt.config.DEPLOY_MAX_ARCHIVE_BYTES,
        dir: rt.config.UPLOAD_TMP_DIR,
        what: 'the archive',
      });
      try {
        if (Object.hasOwn(file.fields, 'source_url')) {
          throw invalidParameter("'source_url' cannot come with an uploaded archive: send one or the other.", 'source_url');
        }
        const fields = validateBody(uploadFields, file.fields);
        // The raw multipart bytes carry a boundary each client picks afresh, so the request is identified by
        // what it carries: the fields and the archive's hash and size.
        const replay = await claimStreamedRequest(c, JSON.stringify({ fields, file: { sha256: file.sha256, size: file.size } }));
        if (replay) return replay;
        const outcome = await requestUploadDeployment(rt, {
          accountId,
          siteId: fields.site_id,
          environment: fields.environment,
          archivePath: file.path,
          actor: c.get('actor'),
          filename: file.filename,
          size: file.size,
        });
        if (outcome.kind === 'not_an_archive') throw new ApiError('unsupported_file_type', notAnArchive(file.filename));
        if (outcome.kind === 'site_taken') throw notFound(`No site ${fields.site_id} on this account.`, 'site_id');
        return c.json(deploymentView(outcome.deployment, rt.config), 201);
      } finally {
        await unlink(file.path).catch(() => undefined);
      }
    },
    jsonBody(createDeploymentBody),
    async (c) => {
      const body = c.req.valid('json');
      if (body.files !== undefined) return createDigestDeployment(c, rt, { ...body, files: body.files });
      refuseNonPublicHost('source_url', body.source_url, rt.config.FETCH_ALLOW_PRIVATE);
      const deployment = await requestDeployment(rt, {
        accountId: c.get('principal').accountId,
        siteId: body.site_id,
        environment: body.environment,
        sourceUrl: body.source_url ?? null,
        actor: c.get('actor'),
      });
      if (!deployment) throw notFound(`No site ${body.site_id} on this account.`, 'site_id');
      return c.json(deploymentView(deployment, rt.config), 201);
    },
  );
}
