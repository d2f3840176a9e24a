import { describeRoute, resolver } from 'hono-openapi';
import { newId } from '../../../ids';
import { readSpeechRequest, servedModels, speechRequestSchema } from '../../../openai-compat';
import type { Runtime } from '../../../runtime';
import { resolveSpeakingVoice } from '../../../voices/speaking-voice';
import type { App } from '../../context';
import { jsonBody } from '../../middleware/json-body';
import { minimumAudioSeconds } from '../voice/synthesize';
import { OPENAI_TAG, openaiErrorResponses } from './openapi';
import { modelNotFound, paramError, runRequestJobAndWait } from './run-job';
import { storedBytes } from './stored-bytes';

export function registerAudioSpeech(app: App, rt: Pick<Runtime, 'config' | 'db' | 'queues' | 'jobEvents' | 'usage' | 'store'>) {
  app.post(
    '/audio/speech',
    describeRoute({
      tags: [OPENAI_TAG],
      summary: 'Speech (OpenAI-compatible)',
      description:
        'OpenAI’s Speech API on Kiln’s `voice.synthesize` job (same queue, quota and bill, `audio_seconds`); answers the audio bytes. ' +
        'OpenAI’s voice names (alloy, echo, nova, …) speak with Kiln’s default voice; any other `voice` is a Kiln voice id (built-in or a clone). ' +
        '`response_format` mp3, wav or pcm (24 kHz 16-bit little-endian); `speed` from 0.5 to 2.0. English unless the voice says otherwise.',
      requestBody: { content: { 'application/json': { schema: resolver(speechRequestSchema) } } },
      responses: {
        200: {
          description: 'The audio',
          content: {
            'audio/mpeg': { schema: { type: 'string', format: 'binary' } },
            'audio/wav': { schema: { type: 'string', format: 'binary' } },
            'audio/pcm': { schema: { type: 'string', format: 'binary' } },
          },
        },
        ...openaiErrorResponses(400, 401, 403, 404, 429, 502, 503),
      },
    }),
    jsonBody(speechRequestSchema),
    async (c) => {
      const body = c.req.valid('json');
      const model = servedModels(rt.config).speech;
      if (body.model !== model) throw modelNotFound(body.model, model);
      const read = readSpeechRequest(body);
      if (!read.ok) throw paramError(read.param, read.message);
      const speech = read.value;
      const speaking = await resolveSpeakingVoice(rt.db, c.get('principal').accountId, { voiceId: speech.voiceId, language: 'en' });
      if (!speaking.ok) throw paramError('voice', speaking.message);
      const input = {
        text: body.input,
        voice_id: speaking.voice.id,
        language: speaking.language,
        speed: speech.speed,
        format: speech.format,
        timestamps: false,
      };
      const seconds = minimumAudioSeconds(body.input, speech.speed);
      const result = (await runRequestJobAndWait(c, rt, {
        id: newId('tts'),
        kind: 'voice.synthesize',
        input,
        hold: { metric: 'audio_seconds', quantity: seconds, needs: `at least ${seconds}` },
      })) as { audio_url: string };
      const bytes = await storedBytes(rt, result.audio_url);
      return c.body(new Uint8Array(bytes), 200, { 'Content-Type': speech.contentType });
    },
  );
}
