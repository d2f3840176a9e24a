import * as v from 'valibot';
import type { VoiceRow } from '../db/queries/voices';
import { SUPPORTED_LANGUAGES, type BuiltinVoice } from '../engines/voice/catalogue';
import { speechEngineFor } from '../engines/voice/engine-choice';
import type { VoiceSettings } from '../engines/voice/types';

export const voiceSchema = v.object({
  voice_id: v.string(),
  name: v.string(),
  type: v.picklist(['builtin', 'cloned']),
  status: v.picklist(['processing', 'ready', 'failed']),
  languages: v.array(v.string()),
  gender: v.optional(v.picklist(['female', 'male'])),
  engine: v.optional(
    v.pipe(
      v.picklist(['flite', 'espeak-ng']),
      v.description(
        'The built-in engine that speaks English text with this voice: `flite` (CMU Flite, natural English voices) or `espeak-ng`. Every other language is spoken by espeak-ng. Absent for a clone that is not ready.',
      ),
    ),
  ),
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
  return {
    voice_id: voice.id,
    name: voice.name,
    type: 'builtin' as const,
    status: 'ready' as const,
    languages: [...voice.languages],
    gender: voice.gender,
    engine: englishEngine(voice.settings),
  };
}

const englishEngine = (settings: VoiceSettings) => speechEngineFor(settings, 'en');

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
    ...(row.status === 'ready' && row.settings ? { engine: englishEngine(row.settings) } : {}),
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
