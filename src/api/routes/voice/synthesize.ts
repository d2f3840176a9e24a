import { describeRoute, resolver } from 'hono-openapi';
import * as v from 'valibot';
import { AUDIO_FORMATS } from '../../../engines/voice/audio-format';
import { newId } from '../../../ids';
import type { Runtime } from '../../../runtime';
import { resolveSpeakingVoice } from '../../../voices/speaking-voice';
import type { App } from '../../context';
import { invalidParameter } from '../../../errors/api-error';
import { jsonBody } from '../../middleware/json-body';
import { voiceSynthesizeJob } from '../../../queue/jobs';
import { submitRequestJob } from '../../submit-request-job';
import { requiredText } from '../../schemas/fields';
import { acceptedJobResponse, errorResponses } from '../../schemas/responses';

/** Spec 8 sets none; this bounds one job (the README states it). Non-Latin text can meet the 2 MB JSON body cap first. */
const MAX_TEXT_CHARS = 1_000_000;

/**
 * A letter or a digit of any script. Text without one (`...`, `!!!`, an emoji, a zero-width space) gives
 * the engines nothing to say: they answer no audio, which would be a 502 from the worker for what is the
 * request's own fault.
 */
const SPEAKABLE = /[\p{L}\p{N}]/u;

export const synthesizeBody = v.object({
  text: v.pipe(
    requiredText(MAX_TEXT_CHARS),
    v.check((s) => SPEAKABLE.test(s), 'must contain at least one letter or digit to speak'),
    v.description('What to say, with at least one letter or digit. Long texts are spoken in sentence-sized pieces.'),
  ),
  voice_id: v.optional(v.pipe(v.string('must be a string'), v.trim(), v.nonEmpty('must not be empty'), v.maxLength(100, 'must be at most 100 characters'))),
  language: v.optional(
    v.pipe(
      v.string('must be a string'),
      v.trim(),
      v.nonEmpty('must not be empty'),
      v.maxLength(35, 'must be a BCP-47 tag'),
      v.description(
        'The BCP-47 tag of the language to read `text` in. Omitted: the text’s own language when it is clear (a sentence or more; ' +
          'short or mixed text is not judged), else the voice’s, else `en`; a built-in `voice_id` that does not speak the text’s ' +
          'language is then refused (400, naming the languages it speaks), and without `voice_id` the language’s default voice speaks.',
      ),
    ),
  ),
  speed: v.optional(
    v.pipe(v.number('must be a number from 0.5 to 2.0'), v.minValue(0.5, 'must be from 0.5 to 2.0'), v.maxValue(2, 'must be from 0.5 to 2.0')),
    1,
  ),
  format: v.optional(
    v.pipe(
      v.picklist(AUDIO_FORMATS, `must be one of ${AUDIO_FORMATS.join(', ')}`),
      v.description(
        'The file format, as ElevenLabs names them: `mp3` (the engine’s own rate, 48 kbit/s), `wav` (16-bit PCM at the engine’s own rate), ' +
          '`pcm_16000` and `pcm_24000` (bare 16-bit little-endian mono PCM at that rate, no header), `ulaw_8000` (bare G.711 µ-law at 8 kHz, for telephony). ' +
          'The duration and the bill are the same whatever the format.',
      ),
    ),
    'mp3',
  ),
  timestamps: v.optional(
    v.pipe(
      v.boolean('must be true or false'),
      v.description('Adds `words`: each spoken word with its `start` and `end` in seconds of the returned file (speed included), for captions and lip-sync.'),
    ),
    false,
  ),
});

/**
 * A lower bound of the audio a text makes (no voice speaks 25 characters a second): what a request holds
 * of the quota while it runs, so the check refuses only requests that cannot fit; the bill is the measured
 * duration (no upper bound is known before speaking, so the bill may pass the hold).
 */
export function minimumAudioSeconds(text: string, speed: number): number {
  return Math.max(1, Math.floor(text.length / 25 / speed));
}

export function registerSynthesize(app: App, rt: Pick<Runtime, 'config' | 'db' | 'queues' | 'jobEvents' | 'usage'>) {
  app.post(
    '/voice/synthesize',
    describeRoute({
      tags: ['Voice'],
      summary: 'Speak text as audio',
      description:
        'Synthesises `text` with a built-in or cloned voice, as MP3 unless `format` says otherwise. The file is served, with the `content_type` the answer gives, ' +
        'by a signed link that expires 24 hours after generation; ' +
        '`duration_seconds` is measured from the audio, and usage bills whole seconds (rounded up). ' +
        'Answers 202 with a job link if synthesis takes longer than the synchronous wait.',
      requestBody: { content: { 'application/json': { schema: resolver(synthesizeBody) } } },
      responses: {
        200: { description: 'The spoken audio', content: { 'application/json': { schema: resolver(voiceSynthesizeJob.request.result) } } },
        202: acceptedJobResponse('Still synthesising; poll the `Location` (GET /v1/jobs/{id})'),
        ...errorResponses(400, 401, 403, 413, 429),
      },
    }),
    jsonBody(synthesizeBody, { missingCode: 'invalid_parameter' }),
    async (c) => {
      const body = c.req.valid('json');
      const principal = c.get('principal');
      const speaking = await resolveSpeakingVoice(
        rt.db,
        principal.accountId,
        body.language === undefined ? { voiceId: body.voice_id, text: body.text } : { voiceId: body.voice_id, language: body.language },
      );
      if (!speaking.ok) throw invalidParameter(speaking.message, speaking.param);
      const input = {
        text: body.text,
        voice_id: speaking.voice.id,
        language: speaking.language,
        speed: body.speed,
        format: body.format,
        timestamps: body.timestamps,
      };
      const hold = {
        metric: 'audio_seconds' as const,
        quantity: minimumAudioSeconds(body.text, body.speed),
        needs: `at least ${minimumAudioSeconds(body.text, body.speed)}`,
      };
      return submitRequestJob(c, rt, { id: newId('tts'), kind: 'voice.synthesize', input, hold });
    },
  );
}
