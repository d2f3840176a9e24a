import { unlink } from 'node:fs/promises';
import type { Context } from 'hono';
import { ApiError } from '../errors/api-error';
import { type ReceivedFile, receiveFile } from '../net/receive-file';
import type { DashEnv } from './context';
import { assertFormToken, CSRF_FIELD } from './csrf';

/** Where the dashboard's archive upload form posts. */
export const UPLOAD_FORM_PATH = '/dashboard/deployments';
/** Where the Voices page's sample upload form posts. */
export const VOICE_UPLOAD_FORM_PATH = '/dashboard/voices';

const UPLOAD_FORM_PATHS = [UPLOAD_FORM_PATH, VOICE_UPLOAD_FORM_PATH];

/**
 * The dashboard forms whose body is not a small form: a site's archive and a voice sample, streamed to a
 * temporary file as the API's multipart uploads are. The form body limit and the CSRF middleware's body read
 * skip them; `receiveUploadForm` does both jobs for them.
 */
export function isUploadForm(c: Context<DashEnv>): boolean {
  return c.req.method === 'POST' && UPLOAD_FORM_PATHS.includes(c.req.path) && /^multipart\/form-data\s*;/i.test(c.req.header('content-type') ?? '');
}

export type UploadFormResult = { ok: true; file: ReceivedFile } | { ok: false; status: 400 | 413 | 415; message: string };

/**
 * Receives the file (counted as it arrives, refused past `maxBytes`) and the text parts, then checks the
 * form token among them before anything else looks at what was sent: a refused token deletes the staged
 * file and throws CsrfRefused (the dashboard's 403 page). The caller owns the returned file.
 */
export async function receiveUploadForm(c: Context<DashEnv>, opts: { maxBytes: number; dir: string; what?: string }): Promise<UploadFormResult> {
  let file: ReceivedFile;
  try {
    file = await receiveFile(c.req.raw, { field: 'file', maxBytes: opts.maxBytes, dir: opts.dir, what: opts.what ?? 'the archive' });
  } catch (err) {
    if (err instanceof ApiError && (err.status === 400 || err.status === 413 || err.status === 415))
      return { ok: false, status: err.status, message: err.message };
    throw err;
  }
  try {
    assertFormToken(c, file.fields[CSRF_FIELD]);
  } catch (err) {
    await unlink(file.path).catch(() => undefined);
    throw err;
  }
  return { ok: true, file };
}
