import { unlink } from 'node:fs/promises';
import type { FC } from 'hono/jsx';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import * as v from 'valibot';
import { findAccountPlan } from '../../db/queries/accounts';
import { findAccountVoice, pageAccountVoices, type VoiceRow } from '../../db/queries/voices';
import { deleteClonedVoice } from '../../voices/delete-voice';
import { startUploadClone } from '../../voices/start-clone';
import { dashboardActor } from '../audit';
import type { Dashboard } from '../context';
import type { DashboardDeps } from '../deps';
import { signedIn } from '../guards';
import { formatBytes } from '../format';
import { listPageLinks, readListPage } from '../list-pages';
import { receiveUploadForm, VOICE_UPLOAD_FORM_PATH } from '../upload-form';
import { Field, Notice, Pager, PostForm, Time } from '../views/forms';
import { DangerLink, ListTable } from '../views/list-table';
import { confirmPage, notFoundPage, refusalPage, renderPage } from '../views/render';

const STATUS: Record<VoiceRow['status'], { label: string; kind: 'ok' | 'warn' | 'error' }> = {
  processing: { label: 'Processing', kind: 'warn' },
  ready: { label: 'Ready', kind: 'ok' },
  failed: { label: 'Failed', kind: 'error' },
};

/** What a cloned voice's id looks like; anything else (a NUL, which Postgres refuses, …) is no voice, without a query. */
const VOICE_ID = /^voice_[a-z0-9]{1,64}$/;

/** The upload form's text part, checked as the API checks `name`. */
const cloneForm = v.object({
  name: v.pipe(v.optional(v.string(), ''), v.trim(), v.nonEmpty('Enter a name for the voice.'), v.maxLength(100, 'A voice name is at most 100 characters.')),
});

/** Clone a voice from a recording: the same path as POST /v1/voice/clone with a `file` part. */
const CloneVoiceForm: FC<{ csrfToken: string; maxBytes: number }> = ({ csrfToken, maxBytes }) => (
  <section aria-labelledby="clone">
    <h2 id="clone">Clone a voice</h2>
    <PostForm action={VOICE_UPLOAD_FORM_PATH} csrfToken={csrfToken} enctype="multipart/form-data" class="inline">
      <Field label="Name" name="name" required maxlength={100} hint="How the voice is listed, e.g. Narrator." />
      <div class="field">
        <label for="f-sample-file">Sample</label>
        <input id="f-sample-file" name="file" type="file" required accept=".wav,.mp3,audio/wav,audio/mpeg" aria-describedby="f-sample-file-hint" />
        <p class="hint" id="f-sample-file-hint">
          A WAV or MP3 recording of one speaker, at least 10 seconds (30 or more is better), up to {formatBytes(maxBytes)}.
        </p>
      </div>
      <button type="submit">Upload and clone</button>
    </PostForm>
  </section>
);

const VoiceStatus: FC<{ status: VoiceRow['status'] }> = ({ status }) => <span class={`badge ${STATUS[status].kind}`}>{STATUS[status].label}</span>;

/**
 * Voices: the account's cloned voices (newest first, keyset-paged), cloning one from an uploaded recording,
 * and deleting one with confirmation.
 * Deleting is DELETE /v1/voices/{id}'s own code (deleteClonedVoice), with the audit in its transaction.
 * Built-in voices are the catalogue's, the same for everyone; the API reference lists them.
 */
export function registerVoicesPages(app: Dashboard, { rt }: DashboardDeps) {
  const db = rt.db;

  app.get('/voices', async (c) => {
    const session = signedIn(c);
    const req = await readListPage(c, (id) => (VOICE_ID.test(id) ? findAccountVoice(db, session.accountId, id) : Promise.resolve(null)));
    if (!req) return notFoundPage(c, 'voice');
    const [page, plan] = await Promise.all([pageAccountVoices(db, session.accountId, req), findAccountPlan(db, session.accountId)]);
    const canClone = plan?.features.includes('voice') ?? false;
    const links = listPageLinks('/dashboard/voices', req, page);
    return renderPage(
      c,
      { title: 'Voices', section: 'voices' },
      <>
        {c.req.query('done') === 'cloned' && (
          <Notice kind="ok">
            The sample is uploaded and the voice is being cloned; it is listed as Processing until it is ready (or failed, with the reason).
          </Notice>
        )}
        {c.req.query('done') === 'deleted' && (
          <Notice kind="ok">The voice is deleted. Audio already made with it stays available until its link expires.</Notice>
        )}
        {!canClone && (
          <Notice kind="warn">
            The {plan?.planId ?? 'current'} plan does not include voice cloning, so the API refuses new clones and speech with them. Voices cloned before stay
            listed here and can be deleted.
          </Notice>
        )}
        <p class="muted">
          Cloned voices are made here from a recording, or with <code>POST /v1/voice/clone</code>. The built-in voices, the same for every account, are listed
          in the <a href="/docs">API reference</a>.
        </p>
        {canClone && <CloneVoiceForm csrfToken={c.get('csrfToken')} maxBytes={rt.config.VOICE_SAMPLE_MAX_BYTES} />}
        <ListTable
          rows={page.rows}
          empty={req.after || req.before ? 'No more voices.' : 'No cloned voices yet.'}
          columns={['Name', 'Status', 'Created', 'Voice id']}
          actions
          row={(voice) => (
            <tr data-voice-id={voice.id}>
              <td>
                {voice.name}
                {voice.status === 'failed' && voice.error && <p class="hint">{voice.error}</p>}
              </td>
              <td>
                <VoiceStatus status={voice.status} />
              </td>
              <td>
                <Time at={voice.createdAt} />
              </td>
              <td class="mono">{voice.id}</td>
              <td>
                <DangerLink href={`/dashboard/voices/${voice.id}/delete`} label={`Delete ${voice.name}`} />
              </td>
            </tr>
          )}
        />
        <Pager newer={links.newer} older={links.older} />
      </>,
    );
  });

  /**
   * The upload form's POST: startUploadClone, as the API's multipart clone (content sniffed as WAV or MP3,
   * stored for the worker, the same job), audited.
   */
  app.post('/voices', async (c) => {
    const session = signedIn(c);
    const refuse = (message: string, status: ContentfulStatusCode) =>
      refusalPage(c, { title: 'Upload refused', section: 'voices' }, message, { href: '/dashboard/voices', label: 'Back to voices' }, status);
    const plan = await findAccountPlan(db, session.accountId);
    if (!plan?.features.includes('voice')) return refuse(`The ${plan?.planId ?? 'current'} plan does not include voice cloning.`, 403);
    const received = await receiveUploadForm(c, { maxBytes: rt.config.VOICE_SAMPLE_MAX_BYTES, dir: rt.config.UPLOAD_TMP_DIR, what: 'the sample' });
    if (!received.ok) return refuse(received.message, received.status);
    const { file } = received;
    try {
      const form = v.safeParse(cloneForm, file.fields);
      if (!form.success) return refuse(form.issues[0].message, 400);
      const name = form.output.name;
      const outcome = await startUploadClone(rt, c.get('log'), {
        accountId: session.accountId,
        name,
        samplePath: file.path,
        size: file.size,
        actor: dashboardActor(c),
        detail: { filename: file.filename, size: file.size },
      });
      if (outcome.kind === 'not_audio') return refuse(`'${file.filename}': ${outcome.message}`, 415);
      return c.redirect('/dashboard/voices?done=cloned', 303);
    } finally {
      await unlink(file.path).catch(() => undefined);
    }
  });

  /** The `:id` of the path as a voice of the signed-in account, or null. */
  const findVoice = (accountId: string, id: string) => (VOICE_ID.test(id) ? findAccountVoice(db, accountId, id) : Promise.resolve(null));

  app.get('/voices/:id/delete', async (c) => {
    const voice = await findVoice(signedIn(c).accountId, c.req.param('id'));
    if (!voice) return notFoundPage(c, 'voice');
    return confirmPage(
      c,
      {
        title: `Delete “${voice.name}”?`,
        section: 'voices',
        action: `/dashboard/voices/${voice.id}/delete`,
        confirm: 'Delete voice',
        cancel: '/dashboard/voices',
      },
      <>
        <p>
          The voice <span class="mono">{voice.id}</span> and its measured profile are removed; requests that name it are refused from now on. Audio already made
          with it stays available until its link expires. This cannot be undone.
        </p>
      </>,
    );
  });

  app.post('/voices/:id/delete', async (c) => {
    const session = signedIn(c);
    const voice = await findVoice(session.accountId, c.req.param('id'));
    if (!voice) return notFoundPage(c, 'voice');
    const outcome = await deleteClonedVoice(db, session.accountId, voice.id, dashboardActor(c));
    // Deleted meanwhile (another tab, or the API): there is nothing left to delete, and nothing to audit.
    if (outcome === 'not_found') return notFoundPage(c, 'voice');
    return c.redirect('/dashboard/voices?done=deleted', 303);
  });
}
