import * as v from 'valibot';
import { AUDIO_FORMATS } from '../../engines/voice/audio-format';
import { defineRequestJob } from './define';

export const voiceSynthesizeJob = defineRequestJob({
  name: 'voice.synthesize',
  queue: 'voice',
  product: 'voice',
  description: 'Speaks one POST /v1/voice/synthesize to an audio file on the CDN, billed in audio seconds.',
  /** The request with its voice and language already resolved by the route. */
  input: v.object({
    text: v.string(),
    voice_id: v.string(),
    language: v.string(),
    speed: v.number(),
    // Optional: jobs queued before formats and timestamps existed are MP3s without them.
    format: v.optional(v.picklist(AUDIO_FORMATS), 'mp3'),
    timestamps: v.optional(v.boolean(), false),
  }),
  result: v.object({
    id: v.string(),
    audio_url: v.string(),
    format: v.pipe(v.picklist(AUDIO_FORMATS), v.description('The format of the file at `audio_url`.')),
    content_type: v.pipe(v.string(), v.description('The `Content-Type` the file is served with.')),
    duration_seconds: v.number(),
    words: v.optional(
      v.pipe(
        v.array(
          v.object({
            word: v.string(),
            start: v.pipe(v.number(), v.description('Seconds from the start of the file (playback time, speed included).')),
            end: v.number(),
          }),
        ),
        v.description('Present when `timestamps` was true: each spoken word, in order, with when it is said.'),
      ),
    ),
    created_at: v.string(),
  }),
});
