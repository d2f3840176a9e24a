import { describeRoute, resolver } from 'hono-openapi';
import * as v from 'valibot';
import { recordVoiceClone } from '../../../voices/request-clone';
import type { Runtime } from '../../../runtime';
import type { App } from '../../context';
import { jsonBody } from '../../middleware/json-body';
import { requestLogger } from '../../middleware/request-log';
import { refuseNonPublicHost } from '../../schemas/fetch-url';
import { requiredText } from '../../schemas/fields';
import { errorResponses } from '../../schemas/responses';
import { clonedVoiceView, voiceSchema } from '../../../voices/views';

export const cloneBody = v.object({
  name: v.pipe(requiredText(100), v.description('Display name of the voice.')),
  sample_url: v.pipe(
    requiredText(2048),
    v.url('must be an http(s) URL of an MP3 or WAV file'),
    v.check((s) => URL.canParse(s) && /^https?:$/.test(new URL(s).protocol), 'must be an http(s) URL of an MP3 or WAV file'),
    v.description('Public address of an MP3 or WAV recording of one speaker: at least 10 s, 30 s or more recommended.'),
  ),
});

export function registerClone(app: App, rt: Pick<Runtime, 'config' | 'db' | 'queues'>) {
  app.post(
    '/voice/clone',
    describeRoute({
      tags: ['Voice'],
      summary: 'Clone a voice from a sample',
      description:
        'Records the voice as `processing` and queues its analysis: the sample is downloaded (public addresses only), decoded, and the ' +
        'speaker’s pitch, pitch range, speaking rate and brightness are measured. Poll GET /v1/voices/{voice_id} until `ready` ' +
        '(or `failed`, with `error`).',
      requestBody: { content: { 'application/json': { schema: resolver(cloneBody) } } },
      responses: {
        201: { description: 'Cloning started', content: { 'application/json': { schema: resolver(voiceSchema) } } },
        ...errorResponses(400, 401, 403, 429),
      },
    }),
    jsonBody(cloneBody, { missingCode: 'invalid_parameter' }),
    async (c) => {
      const body = c.req.valid('json');
      refuseNonPublicHost('sample_url', body.sample_url, rt.config.FETCH_ALLOW_PRIVATE);
      const row = await recordVoiceClone(rt.db, {
        accountId: c.get('principal').accountId,
        name: body.name,
        sampleUrl: body.sample_url,
        actor: c.get('actor'),
      });
      try {
        await rt.queues.enqueue('voice.clone', { id: row.id }, { jobId: row.id, account: row.accountId });
      } catch (err) {
        requestLogger(c).warn({ err: { message: (err as Error).message }, voiceId: row.id }, 'enqueue failed; the sweeper will retry');
      }
      return c.json(clonedVoiceView(row), 201);
    },
  );
}
