import * as v from 'valibot';
import { defineRequestJob } from './define';

export const voiceSynthesizeJob = defineRequestJob({
  name: 'voice.synthesize',
  queue: 'voice',
  product: 'voice',
  description: 'Speaks one POST /v1/voice/synthesize to an MP3 on the CDN, billed in audio seconds.',
  /** The request with its voice and language already resolved by the route. */
  input: v.object({
    text: v.string(),
    voice_id: v.string(),
    language: v.string(),
    speed: v.number(),
  }),
  result: v.object({
    id: v.string(),
    audio_url: v.string(),
    duration_seconds: v.number(),
    created_at: v.string(),
  }),
});
