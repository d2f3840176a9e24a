import { unlink } from 'node:fs/promises';
import type { FC } from 'hono/jsx';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import * as v from 'valibot';
import { notAnArchive, requestUploadDeployment } from '../../hosting/deployment-actions';
import { SITE_ID_PATTERN } from '../../hosting/urls';
import { dashboardActor } from '../audit';
import type { Dashboard } from '../context';
import type { DashboardDeps } from '../deps';
import { formatBytes } from '../format';
import { requireHosting, signedIn } from '../guards';
import { receiveUploadForm, UPLOAD_FORM_PATH } from '../upload-form';
import { EnvironmentSelect, Field, PostForm } from '../views/forms';
import { notFoundPage, refusalPage } from '../views/render';

const uploadForm = v.object({
  site_id: v.pipe(
    v.string('Enter the site id.'),
    v.trim(),
    v.regex(SITE_ID_PATTERN, 'A site id is 1 to 40 lowercase letters, digits and hyphens, not starting or ending with a hyphen.'),
  ),
  environment: v.optional(v.picklist(['production', 'preview'], 'Choose production or preview.'), 'production'),
});

/**
 * Deploy by uploading the site's archive: on a site's page for that site (`siteId`), on the Sites page
 * for any site id (a new one creates the site, as the API's first deploy does).
 */
export const UploadDeploymentForm: FC<{ csrfToken: string; siteId?: string; maxBytes: number }> = ({ csrfToken, siteId, maxBytes }) => (
  <section aria-labelledby="upload">
    <h2 id="upload">Deploy from an archive</h2>
    <PostForm action={UPLOAD_FORM_PATH} csrfToken={csrfToken} enctype="multipart/form-data" class="inline">
      {siteId ? (
        <input type="hidden" name="site_id" value={siteId} />
      ) : (
        <Field label="Site id" name="site_id" required maxlength={40} hint="A new id creates the site." />
      )}
      <EnvironmentSelect id="f-upload-environment" label="Environment" />
      <div class="field">
        <label for="f-upload-file">Archive</label>
        <input id="f-upload-file" name="file" type="file" required accept=".zip,.tar.gz,.tgz" aria-describedby="f-upload-file-hint" />
        <p class="hint" id="f-upload-file-hint">
          A .zip or .tar.gz of the site’s files, up to {formatBytes(maxBytes)}.
        </p>
      </div>
      <button type="submit">Upload and deploy</button>
    </PostForm>
  </section>
);

/**
 * The upload form's POST: the same creation path as the API's multipart deploy (requestUploadDeployment:
 * archive recognised by content, stored, then the row; the same build), audited.
 */
export function registerUploadDeploymentPage(app: Dashboard, { rt }: DashboardDeps) {
  const db = rt.db;
  // Without hosting on the plan no site is the account's, so the upload finds none.
  app.post(
    '/deployments',
    requireHosting(db, (c) => notFoundPage(c, 'site')),
    async (c) => {
      const refuse = (message: string, status: ContentfulStatusCode, back = '/dashboard/sites') =>
        refusalPage(c, { title: 'Upload refused', section: 'sites' }, message, { href: back, label: 'Back' }, status);
      const received = await receiveUploadForm(c, { maxBytes: rt.config.DEPLOY_MAX_ARCHIVE_BYTES, dir: rt.config.UPLOAD_TMP_DIR });
      if (!received.ok) return refuse(received.message, received.status);
      const { file } = received;
      try {
        const form = v.safeParse(uploadForm, file.fields);
        if (!form.success) return refuse(form.issues[0].message, 400);
        const { site_id: siteId, environment } = form.output;
        const back = `/dashboard/sites/${siteId}`;
        const outcome = await requestUploadDeployment(rt, {
          accountId: signedIn(c).accountId,
          siteId,
          environment,
          archivePath: file.path,
          actor: dashboardActor(c),
          filename: file.filename,
          size: file.size,
        });
        if (outcome.kind === 'not_an_archive') return refuse(notAnArchive(file.filename), 415, back);
        if (outcome.kind === 'site_taken') return notFoundPage(c, 'site');
        const d = outcome.deployment;
        return c.redirect(`/dashboard/deployments/${d.id}?done=uploaded`, 303);
      } finally {
        await unlink(file.path).catch(() => undefined);
      }
    },
  );
}
