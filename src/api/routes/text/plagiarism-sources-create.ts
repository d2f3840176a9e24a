import { unlink } from 'node:fs/promises';
import type { Context } from 'hono';
import { describeRoute, resolver } from 'hono-openapi';
import * as v from 'valibot';
import { detectDocumentKind, DocumentTooComplexError, InvalidDocumentError } from '../../../engines/documents';
import { ApiError } from '../../../errors/api-error';
import { receiveFile } from '../../../net/receive-file';
import { MAX_URL_LENGTH } from '../../../plagiarism';
import { uploadedSourceText } from '../../../plagiarism/source-text';
import { createSource, type CreateSourceOutcome } from '../../../plagiarism/sources';
import { plagiarismSourceSchema, plagiarismSourceView } from '../../../plagiarism/views';
import type { Runtime } from '../../../runtime';
import type { App, AppEnv } from '../../context';
import { claimStreamedRequest } from '../../middleware/idempotency';
import { validateBody } from '../../middleware/json-body';
import { storageExceeded } from '../../quota';
import { requiredText } from '../../schemas/fields';
import { errorResponses } from '../../schemas/responses';
import { MAX_UPLOAD_BYTES } from '../files/upload';

export const SOURCES_PATH = '/plagiarism/sources';
/** A JSON source's text, in characters (the 2 MB JSON body limit usually comes first). */
const MAX_TEXT_CHARS = 2_000_000;

const labelFields = {
  url: v.pipe(
    requiredText(MAX_URL_LENGTH),
    v.description('A label for the source, shown in matches as `url`: its address, or any name (unique among the account’s sources).'),
  ),
  title: v.optional(v.pipe(v.string('must be a string'), v.trim(), v.maxLength(500, 'must be at most 500 characters'))),
};

export const plagiarismSourceBody = v.object({
  text: v.pipe(requiredText(MAX_TEXT_CHARS), v.description('The source’s content, as plain text.')),
  ...labelFields,
});
const uploadFields = v.object(labelFields);

/** Multipart uploads stream against the upload limit; a JSON source is read whole under the group's 2 MB limit. */
export const isSourceUpload = (c: Context<AppEnv>) =>
  c.req.method === 'POST' && c.req.path === `/v1${SOURCES_PATH}` && /^multipart\/form-data/i.test(c.req.header('content-type') ?? '');

type Deps = Pick<Runtime, 'config' | 'db' | 'queues' | 'usage' | 'redis' | 'channels' | 'log'>;

export function registerCreatePlagiarismSource(app: App, rt: Deps) {
  app.post(
    SOURCES_PATH,
    describeRoute({
      tags: ['Text'],
      summary: 'Add a plagiarism source of the account’s own',
      description:
        'Adds a reference document that only this account’s checks compare with (`scope` `account` or `all` of POST ' +
        '/v1/plagiarism/check); other accounts never see or match it. Send JSON `{"text", "url", "title"?}`, or `multipart/form-data` ' +
        'with the document in a part named `file` (a PDF with a text layer, a .docx, or UTF-8 text; at most 20 MB; the type is read from ' +
        'the content) and `url` (and `title`) as text parts. Answers 201 with the source `pending`: the corpus worker fingerprints it ' +
        'and it turns `ready` (poll GET /v1/plagiarism/sources/{id}), or `failed` with `error`. The bytes sent count against the ' +
        'plan’s storage allowance until the source is deleted. A `url` the account already uses answers 409 `conflict` naming that source.',
      requestBody: {
        content: {
          'application/json': { schema: resolver(plagiarismSourceBody) },
          'multipart/form-data': {
            schema: {
              type: 'object',
              required: ['file', 'url'],
              properties: { file: { type: 'string', format: 'binary' }, url: { type: 'string' }, title: { type: 'string' } },
            },
          },
        },
      },
      responses: {
        201: { description: 'The source, `pending` until indexed', content: { 'application/json': { schema: resolver(plagiarismSourceSchema) } } },
        ...errorResponses(400, 401, 403, 409, 413, 415, 422, 429),
        413: {
          ...errorResponses(413)[413],
          description:
            'A file over 20 MB (`file_too_large`), a JSON body over 2 MB (`payload_too_large`), or more than the plan’s storage allowance has left (`storage_quota_exceeded`)',
        },
      },
    }),
    async (c) => {
      const principal = c.get('principal');
      const base = { accountId: principal.accountId, allowance: principal.storageBytes, actor: c.get('actor') };
      let outcome: CreateSourceOutcome;
      let what: string;
      if (isSourceUpload(c)) {
        const file = await receiveFile(c.req.raw, { field: 'file', maxBytes: MAX_UPLOAD_BYTES, dir: rt.config.UPLOAD_TMP_DIR });
        try {
          const fields = validateBody(uploadFields, file.fields);
          const replay = await claimStreamedRequest(
            c,
            JSON.stringify({ file: { filename: file.filename, sha256: file.sha256, size: file.size }, url: fields.url, title: fields.title ?? null }),
          );
          if (replay) return replay;
          const detected = await detectDocumentKind(file.path);
          // Plain UTF-8 text (CSV included) is indexed as it is; PDF and .docx through the documents engine's readers.
          const kind =
            detected.kind === null
              ? detected.detected === 'plain text that is not a CSV table'
                ? ('text' as const)
                : null
              : detected.kind === 'csv'
                ? ('text' as const)
                : detected.kind;
          if (kind === null) {
            throw new ApiError(
              'unsupported_file_type',
              `'${file.filename}' is ${detected.kind === null ? detected.detected : 'not readable as a source'}. Upload a PDF, a .docx document or UTF-8 text; the type is read from the content, not the name.`,
            );
          }
          const text = await uploadedSourceText(file.path, kind).catch((err: unknown) => {
            if (err instanceof DocumentTooComplexError) throw new ApiError('file_too_complex', err.message);
            if (err instanceof InvalidDocumentError) throw new ApiError('invalid_file', `'${file.filename}' cannot be read: ${err.message}`);
            throw err;
          });
          what = `'${file.filename}'`;
          outcome = await createSource(rt, { ...base, url: fields.url, title: fields.title, text, sizeBytes: file.size });
        } finally {
          await unlink(file.path).catch(() => undefined);
        }
      } else {
        let body: unknown = {};
        const raw = await c.req.text();
        if (raw.trim() !== '') {
          try {
            body = JSON.parse(raw);
          } catch {
            throw new ApiError('invalid_parameter', 'Request body is not valid JSON (or send multipart/form-data with a `file` part).');
          }
        }
        const input = validateBody(plagiarismSourceBody, body);
        what = 'The source';
        outcome = await createSource(rt, { ...base, url: input.url, title: input.title, text: input.text, sizeBytes: Buffer.byteLength(input.text) });
      }
      if ('storageRefused' in outcome) throw storageExceeded(principal, outcome.storageRefused, what);
      if ('duplicateOf' in outcome) {
        throw new ApiError('conflict', `This account already has a source with that url (${outcome.duplicateOf}); delete it first to replace it.`);
      }
      c.header('Location', `/v1${SOURCES_PATH}/${outcome.created.id}`);
      return c.json(plagiarismSourceView(outcome.created), 201);
    },
  );
}
