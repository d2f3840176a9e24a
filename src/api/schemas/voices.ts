import * as v from 'valibot';
import type { VoiceRow } from '../../db/queries/voices';
import { SUPPORTED_LANGUAGES, type BuiltinVoice } from '../../engines/voice/catalogue';

export const voiceSchema = v.object({
  voice_id: v.string(),
  name: v.string(),
  type: v.picklist(['builtin', 'cloned']),
  status: v.picklist(['processing', 'ready', 'failed']),
  languages: v.array(v.string()),
  gender: v.optional(v.picklist(['female', 'male'])),
  created_at: v.optional(v.string()),
  error: v.optional(v.string()),
  profile: v.optional(
    v.object({
      f0_median_hz: v.number(),
      f0_low_hz: v.number(),
      f0_high_hz: v.number(),
      syllables_per_second: v.number(),
      brightness_hz: v.number(),
      sample_seconds: v.number(),
    }),
  ),
});

export function builtinVoiceView(voice: BuiltinVoice) {
  return { voice_id: voice.id, name: voice.name, type: 'builtin' as const, status: 'ready' as const, languages: [...voice.languages], gender: voice.gender };
}

const round = (n: number, digits = 1) => Math.round(n * 10 ** digits) / 10 ** digits;

/** Spec 2.6 plus what a caller needs to judge a clone: why it failed, or what was measured. */
export function clonedVoiceView(row: VoiceRow) {
  const p = row.profile;
  return {
    voice_id: row.id,
    name: row.name,
    type: 'cloned' as const,
    status: row.status,
    languages: [...SUPPORTED_LANGUAGES],
    created_at: row.createdAt.toISOString(),
    ...(row.status === 'failed' && row.error ? { error: row.error } : {}),
    ...(row.status === 'ready' && p
      ? {
          profile: {
            f0_median_hz: round(p.f0MedianHz),
            f0_low_hz: round(p.f0LowHz),
            f0_high_hz: round(p.f0HighHz),
            syllables_per_second: round(p.syllablesPerSecond, 2),
            brightness_hz: Math.round(p.brightnessHz),
            sample_seconds: round(p.durationSeconds),
          },
        }
      : {}),
  };
}
