import { findAccountDocument, listAccountDocuments, listUnfinishedUploads } from '../../db/queries/documents';
import { findAccountPlan } from '../../db/queries/accounts';
import { deleteUploadedFile, FILE_ID_PATTERN } from '../../documents/delete-file';
import { dashboardActor } from '../audit';
import type { Dashboard } from '../context';
import type { DashboardDeps } from '../deps';
import { formatBytes } from '../format';
import { signedIn } from '../guards';
import { listPageLinks, readListPage } from '../list-pages';
import { Notice, Pager, Time } from '../views/forms';
import { DangerLink, ListTable } from '../views/list-table';
import { confirmPage, notFoundPage, renderPage } from '../views/render';

const KIND_LABELS: Record<string, string> = { pdf: 'PDF', docx: 'Word (.docx)', csv: 'CSV' };

/** How many unfinished uploads are shown: they are the exception, and failed ones are kept. */
const UNFINISHED_SHOWN = 20;

interface UploadInput {
  filename?: unknown;
  size_bytes?: unknown;
  kind?: unknown;
}

/**
 * Files: the account's uploaded documents, newest first as GET /v1/files lists them, and deleting one
 * with confirmation through DELETE /v1/files/{id}'s own code (deleteUploadedFile). Uploads that are still
 * being parsed, or that the ingestion refused, have no document yet; they are shown apart from their job.
 */
export function registerFilesPages(app: Dashboard, { rt }: DashboardDeps) {
  const db = rt.db;

  app.get('/files', async (c) => {
    const session = signedIn(c);
    const req = await readListPage(c, (id) => (FILE_ID_PATTERN.test(id) ? findAccountDocument(db, session.accountId, id) : Promise.resolve(null)));
    if (!req) return notFoundPage(c, 'file');
    const firstPage = !req.after && !req.before;
    const [page, unfinished, plan] = await Promise.all([
      listAccountDocuments(db, session.accountId, req),
      firstPage ? listUnfinishedUploads(db, session.accountId, UNFINISHED_SHOWN) : Promise.resolve([]),
      findAccountPlan(db, session.accountId),
    ]);
    const links = listPageLinks('/dashboard/files', req, page);
    return renderPage(
      c,
      { title: 'Files', section: 'files' },
      <>
        {c.req.query('done') === 'deleted' && <Notice kind="ok">The file is deleted: it can no longer be used in file chat.</Notice>}
        {plan && !plan.features.includes('files') && (
          <Notice kind="warn">
            The {plan.planId} plan does not include file chat, so the API refuses uploads and questions. Files uploaded before stay listed here and can be
            deleted.
          </Notice>
        )}
        <p class="muted">
          Files are uploaded with <code>POST /v1/file/upload</code> and used in <code>POST /v1/file/chat</code>; see the <a href="/docs">API reference</a>.
        </p>
        {unfinished.length > 0 && (
          <section aria-labelledby="unfinished">
            <h2 id="unfinished">Uploads not ready</h2>
            <ListTable
              rows={unfinished}
              columns={['Name', 'Size', 'Type', 'Status', 'Uploaded']}
              row={(job) => {
                const input = (job.input ?? {}) as UploadInput;
                return (
                  <tr data-upload-id={job.id}>
                    <td>
                      {typeof input.filename === 'string' ? input.filename : job.id}
                      {job.status === 'failed' && job.error && <p class="hint">{job.error.message}</p>}
                    </td>
                    <td>{typeof input.size_bytes === 'number' ? formatBytes(input.size_bytes) : '—'}</td>
                    <td>{typeof input.kind === 'string' ? (KIND_LABELS[input.kind] ?? input.kind) : '—'}</td>
                    <td>{job.status === 'failed' ? <span class="badge error">Failed</span> : <span class="badge warn">Processing</span>}</td>
                    <td>
                      <Time at={job.createdAt} />
                    </td>
                  </tr>
                );
              }}
            />
            <p class="hint">A failed upload keeps nothing usable; upload the file again once the problem is fixed.</p>
          </section>
        )}
        <section aria-labelledby="ready">
          <h2 id="ready">Files</h2>
          <ListTable
            rows={page.rows}
            empty={firstPage ? 'No files uploaded yet.' : 'No more files.'}
            columns={['Name', 'Size', 'Type', 'Status', 'Uploaded', 'File id']}
            actions
            row={(doc) => (
              <tr data-file-id={doc.id}>
                <td>{doc.filename}</td>
                <td>{formatBytes(doc.sizeBytes)}</td>
                <td>{KIND_LABELS[doc.kind] ?? doc.kind}</td>
                <td>
                  <span class="badge ok">Ready</span>
                </td>
                <td>
                  <Time at={doc.createdAt} />
                </td>
                <td class="mono">{doc.id}</td>
                <td>
                  <DangerLink href={`/dashboard/files/${doc.id}/delete`} label={`Delete ${doc.filename}`} />
                </td>
              </tr>
            )}
          />
          <Pager newer={links.newer} older={links.older} />
        </section>
      </>,
    );
  });

  const findFile = (accountId: string, id: string) => (FILE_ID_PATTERN.test(id) ? findAccountDocument(db, accountId, id) : Promise.resolve(null));

  app.get('/files/:id/delete', async (c) => {
    const doc = await findFile(signedIn(c).accountId, c.req.param('id'));
    if (!doc) return notFoundPage(c, 'file');
    return confirmPage(
      c,
      { title: `Delete “${doc.filename}”?`, section: 'files', action: `/dashboard/files/${doc.id}/delete`, confirm: 'Delete file', cancel: '/dashboard/files' },
      <>
        <p>
          The file <span class="mono">{doc.id}</span> ({formatBytes(doc.sizeBytes)}), its indexed passages and the stored original are removed, and it can no
          longer be used in file chat. Answers already given stay as they were. This cannot be undone.
        </p>
      </>,
    );
  });

  app.post('/files/:id/delete', async (c) => {
    const session = signedIn(c);
    const log = c.get('log').child({ request_id: c.get('requestId') });
    const doc = await deleteUploadedFile(
      { db, store: rt.store, log, usage: rt.usage, redis: rt.redis, channels: rt.channels },
      session.accountId,
      c.req.param('id'),
      dashboardActor(c),
    );
    if (!doc) return notFoundPage(c, 'file');
    return c.redirect('/dashboard/files?done=deleted', 303);
  });
}
