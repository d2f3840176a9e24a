import * as v from 'valibot';

/** OpenAI's built-in voice names: any of them speaks with Kiln's default voice for the language. */
export const OPENAI_VOICES = ['alloy', 'ash', 'ballad', 'coral', 'echo', 'fable', 'onyx', 'nova', 'sage', 'shimmer', 'verse', 'marin', 'cedar'] as const;

/** OpenAI's `response_format` → Kiln's format; OpenAI's `pcm` is 24 kHz 16-bit little-endian, as Kiln's `pcm_24000`. */
const FORMATS = { mp3: 'mp3', wav: 'wav', pcm: 'pcm_24000' } as const;
type OpenAIFormat = keyof typeof FORMATS;

export const SPEECH_CONTENT_TYPES: Record<OpenAIFormat, string> = { mp3: 'audio/mpeg', wav: 'audio/wav', pcm: 'audio/pcm' };

/** POST /v1/audio/speech as OpenAI takes it (4,096 characters at most, as OpenAI). `instructions` is accepted and changes nothing. */
export const speechRequestSchema = v.object({
  model: v.pipe(v.string('must be a string'), v.nonEmpty('must not be empty')),
  input: v.pipe(
    v.string('must be a string'),
    v.nonEmpty('must not be empty'),
    v.maxLength(4096, 'must be at most 4096 characters'),
    v.check((s) => /[\p{L}\p{N}]/u.test(s), 'must contain at least one letter or digit to speak'),
  ),
  voice: v.pipe(v.string('must be a string'), v.trim(), v.nonEmpty('must not be empty'), v.maxLength(100, 'must be at most 100 characters')),
  response_format: v.optional(v.picklist(['mp3', 'opus', 'aac', 'flac', 'wav', 'pcm'], 'must be one of mp3, opus, aac, flac, wav, pcm'), 'mp3'),
  speed: v.optional(
    v.pipe(v.number('must be a number from 0.25 to 4.0'), v.minValue(0.25, 'must be from 0.25 to 4.0'), v.maxValue(4, 'must be from 0.25 to 4.0')),
    1,
  ),
  instructions: v.optional(v.string('must be a string')),
  stream_format: v.optional(v.pipe(v.string('must be a string'), v.value('audio', 'must be audio: Kiln does not stream speech as events'))),
});

export type SpeechRequestBody = v.InferOutput<typeof speechRequestSchema>;

export interface SpeechRequest {
  /** Undefined for OpenAI's voice names: Kiln's default voice. Otherwise a Kiln voice id (built-in or clone). */
  voiceId: string | undefined;
  format: (typeof FORMATS)[OpenAIFormat];
  contentType: string;
  speed: number;
}

/** What Kiln speaks for the request, or the refusal naming the field (formats Kiln does not write, speeds it does not make). */
export function readSpeechRequest(body: SpeechRequestBody): { ok: true; value: SpeechRequest } | { ok: false; param: string; message: string } {
  const format = body.response_format as string;
  if (!(format in FORMATS)) return { ok: false, param: 'response_format', message: `'response_format' ${format} is not supported; use mp3, wav or pcm.` };
  if (body.speed < 0.5 || body.speed > 2) return { ok: false, param: 'speed', message: "'speed' must be from 0.5 to 2.0 on Kiln." };
  const voice = body.voice.toLowerCase();
  return {
    ok: true,
    value: {
      voiceId: (OPENAI_VOICES as readonly string[]).includes(voice) ? undefined : body.voice,
      format: FORMATS[format as OpenAIFormat],
      contentType: SPEECH_CONTENT_TYPES[format as OpenAIFormat],
      speed: body.speed,
    },
  };
}
