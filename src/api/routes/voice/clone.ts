import { unlink } from 'node:fs/promises';
import type { Context } from 'hono';
import { describeRoute, resolver } from 'hono-openapi';
import * as v from 'valibot';
import type { Runtime } from '../../../runtime';
import type { App, AppEnv } from '../../context';
import { ApiError, invalidParameter } from '../../../errors/api-error';
import { claimStreamedRequest } from '../../middleware/idempotency';
import { validateBody } from '../../middleware/json-body';
import { requestLogger } from '../../middleware/request-log';
import { refuseNonPublicHost } from '../../schemas/fetch-url';
import { requiredText } from '../../schemas/fields';
import { errorResponses } from '../../schemas/responses';
import { receiveFile } from '../../../net/receive-file';
import { startUploadClone, startUrlClone } from '../../../voices/start-clone';
import { clonedVoiceView, voiceSchema } from '../../../voices/views';

export const CLONE_PATH = '/voice/clone';

const nameField = v.pipe(requiredText(100), v.description('Display name of the voice.'));

export const cloneBody = v.object({
  name: nameField,
  sample_url: v.pipe(
    requiredText(2048),
    v.url('must be an http(s) URL of an MP3 or WAV file'),
    v.check((s) => URL.canParse(s) && /^https?:$/.test(new URL(s).protocol), 'must be an http(s) URL of an MP3 or WAV file'),
    v.description('Public address of an MP3 or WAV recording of one speaker: at least 10 s, 30 s or more recommended.'),
  ),
});

/** The text parts of an upload: the JSON body's fields, less `sample_url` (the file is the sample). */
const uploadFields = v.object({ name: nameField });

const oneSample = "Send the sample one way: 'sample_url' in a JSON body, or the file itself as multipart/form-data in a part named 'file'";

/** A clone that carries its sample (multipart): its body streams to a temporary file against VOICE_SAMPLE_MAX_BYTES, not the JSON limit. */
export function isSampleUpload(c: Context<AppEnv>): boolean {
  return c.req.path === `/v1${CLONE_PATH}` && /^multipart\/form-data\s*;/i.test(c.req.header('content-type') ?? '');
}

export function registerClone(app: App, rt: Pick<Runtime, 'config' | 'db' | 'queues' | 'store'>) {
  app.post(
    CLONE_PATH,
    describeRoute({
      tags: ['Voice'],
      summary: 'Clone a voice from a sample',
      description:
        'Records the voice as `processing` and queues its analysis: the sample is decoded and the speaker’s pitch, pitch range, ' +
        'speaking rate and brightness are measured. Poll GET /v1/voices/{voice_id} until `ready` (or `failed`, with `error`: a ' +
        'sample under 10 seconds, or without speech, fails).\n\n' +
        'Give the sample one of two ways, not both: `sample_url` in a JSON body (downloaded from a public address), or the file ' +
        'itself as `multipart/form-data` in a part named `file`, with `name` as a text part (`curl -F file=@sample.wav -F name=Narrator`). ' +
        'An upload is capped like a download (413 `file_too_large` past `VOICE_SAMPLE_MAX_BYTES`, 50 MB by default) and refused ' +
        'at once (415 `unsupported_file_type`) when its content is not WAV or MP3, whatever its name. With `Idempotency-Key`, an ' +
        'upload is identified by its name and the SHA-256 of the file, so a retry with the same file and name answers the same voice.',
      requestBody: {
        content: {
          'application/json': { schema: resolver(cloneBody) },
          'multipart/form-data': {
            schema: {
              type: 'object',
              required: ['file', 'name'],
              properties: {
                file: {
                  type: 'string',
                  format: 'binary',
                  description: 'An MP3 or WAV recording of one speaker (recognised by content): at least 10 s, 30 s or more recommended.',
                },
                name: { type: 'string', maxLength: 100, description: 'Display name of the voice.' },
              },
            },
          },
        },
      },
      responses: {
        201: { description: 'Cloning started', content: { 'application/json': { schema: resolver(voiceSchema) } } },
        ...errorResponses(400, 401, 403, 413, 415, 429),
        413: { ...errorResponses(413)[413], description: 'An uploaded sample over `VOICE_SAMPLE_MAX_BYTES` (`file_too_large`), or a JSON body over 2 MB' },
      },
    }),
    async (c) => {
      const accountId = c.get('principal').accountId;
      if (!isSampleUpload(c)) {
        const body = validateBody(cloneBody, readJsonSample(await c.req.text()), undefined, { missingCode: 'invalid_parameter' });
        refuseNonPublicHost('sample_url', body.sample_url, rt.config.FETCH_ALLOW_PRIVATE);
        const row = await startUrlClone(rt, requestLogger(c), { accountId, name: body.name, sampleUrl: body.sample_url, actor: c.get('actor') });
        return c.json(clonedVoiceView(row), 201);
      }
      let file: Awaited<ReturnType<typeof receiveFile>>;
      try {
        file = await receiveFile(c.req.raw, { field: 'file', maxBytes: rt.config.VOICE_SAMPLE_MAX_BYTES, dir: rt.config.UPLOAD_TMP_DIR, what: 'the sample' });
      } catch (err) {
        // No file part at all (perhaps a `sample_url` part instead): say both ways, not only the multipart one.
        if (err instanceof ApiError && err.code === 'missing_required_field') throw invalidParameter(`${oneSample}.`);
        throw err;
      }
      try {
        if (Object.hasOwn(file.fields, 'sample_url')) throw invalidParameter(`${oneSample}; this request has both.`);
        const fields = validateBody(uploadFields, file.fields, undefined, { missingCode: 'invalid_parameter' });
        // The raw multipart bytes carry a boundary each client picks afresh, so the request is identified by
        // what it carries: the name and the sample's hash and size.
        const replay = await claimStreamedRequest(c, JSON.stringify({ fields, file: { sha256: file.sha256, size: file.size } }));
        if (replay) return replay;
        const outcome = await startUploadClone(rt, requestLogger(c), {
          accountId,
          name: fields.name,
          samplePath: file.path,
          size: file.size,
          actor: c.get('actor'),
        });
        if (outcome.kind === 'not_audio') throw new ApiError('unsupported_file_type', `'${file.filename}': ${outcome.message}`);
        return c.json(clonedVoiceView(outcome.voice), 201);
      } finally {
        await unlink(file.path).catch(() => undefined);
      }
    },
  );
}

/** The JSON body, refused with one message when it names no sample or tries to carry a file. */
function readJsonSample(text: string): unknown {
  let body: unknown = {};
  if (text.trim() !== '') {
    try {
      body = JSON.parse(text);
    } catch {
      throw invalidParameter('Request body is not valid JSON.');
    }
  }
  if (typeof body === 'object' && body !== null && !Array.isArray(body)) {
    const fields = body as Record<string, unknown>;
    if (Object.hasOwn(fields, 'file')) throw invalidParameter(`${oneSample}: a file cannot travel in JSON.`);
    if (fields.sample_url === undefined || fields.sample_url === null) throw invalidParameter(`${oneSample}; this request has neither.`);
  }
  return body;
}
