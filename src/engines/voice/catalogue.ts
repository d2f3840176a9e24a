import { primarySubtag, resolveLanguage } from './languages';
import type { FliteSettings, VoiceSettings, VoiceSpec } from './types';

export { resolveLanguage, SUPPORTED_LANGUAGES, SPOKEN_LANGUAGES, type ResolvedLanguage, type SpokenLanguage } from './languages';

export type OpenAIVoiceName = 'alloy' | 'echo' | 'fable' | 'onyx' | 'nova' | 'shimmer';

export interface BuiltinVoice extends VoiceSpec {
  /** `voice_<lang>_<name>`: stored in users' jobs, so an id never changes once shipped. */
  id: string;
  /** Display name. */
  name: string;
  gender: 'female' | 'male';
  /** Canonical tags of the languages the voice is made for, most specific first. */
  languages: readonly string[];
  settings: VoiceSettings;
  openaiVoice: OpenAIVoiceName;
}

type Row = [
  id: string,
  name: string,
  gender: 'female' | 'male',
  variant: string,
  pitch: number,
  pitchRange: number,
  wordsPerMinute: number,
  openai: OpenAIVoiceName,
  flite?: FliteSettings,
];

/*
 * Variants are espeak-ng's own (f1–f5 female, m1–m7 male), all checked to change the sound in this
 * WASM build. Deliberately absent: the klatt* variants and the named ones that ask for the Klatt
 * synthesiser (adam, david, edward, mike2, Reed, …), which this build lacks, so they fall back to
 * the plain voice; and the whisper variants, which have no pitch at all.
 *
 * Words per minute stay within 160–225 so that every speed from 0.5 to 2.0 lands inside espeak's
 * 80–450 rate range and still changes the duration (see espeak.ts).
 *
 * English voices also have a Flite rendering, which is what speaks English text (engine-choice.ts);
 * their espeak settings remain for text they are asked to read in another language. Flite has four
 * usable voices (slt female ~169 Hz, rms male ~103 Hz, awb Scottish male ~127 Hz, kal16 male
 * ~89 Hz, measured with the cloning analyser), so the variants differ by mean F0 (within ~15 % of
 * the voice's own, beyond which slt starts to sound strained) and by pace; `rms` ignores
 * int_f0_target_mean, so its variants differ by pace alone.
 */
const VOICES_BY_LANGUAGE: Array<[languages: string[], rows: Row[]]> = [
  [
    ['en-US', 'en'],
    [
      ['en_us_emma', 'Emma', 'female', 'f3', 50, 60, 175, 'nova', { voice: 'slt', durationStretch: 1 }],
      ['en_us_james', 'James', 'male', 'm3', 45, 50, 170, 'onyx', { voice: 'rms', durationStretch: 1 }],
      ['en_us_olivia', 'Olivia', 'female', 'f5', 62, 70, 180, 'shimmer', { voice: 'slt', f0MeanHz: 190, durationStretch: 0.95 }],
      ['en_us_michael', 'Michael', 'male', 'm7', 30, 40, 165, 'echo', { voice: 'kal16', durationStretch: 1.05 }],
      ['en_us_grace', 'Grace', 'female', 'f1', 42, 45, 165, 'alloy', { voice: 'slt', f0MeanHz: 150, durationStretch: 1.08 }],
      ['en_us_ethan', 'Ethan', 'male', 'm2', 58, 65, 185, 'alloy', { voice: 'rms', durationStretch: 0.92 }],
    ],
  ],
  [
    ['en-GB'],
    [
      ['en_gb_sophie', 'Sophie', 'female', 'f2', 55, 55, 170, 'shimmer', { voice: 'slt', f0MeanHz: 178, durationStretch: 1 }],
      ['en_gb_oliver', 'Oliver', 'male', 'm1', 40, 45, 165, 'fable', { voice: 'awb', durationStretch: 1 }],
      ['en_gb_charlotte', 'Charlotte', 'female', 'f4', 46, 50, 170, 'nova', { voice: 'slt', f0MeanHz: 160, durationStretch: 1.05 }],
    ],
  ],
  [
    ['es'],
    [
      ['es_lucia', 'Lucía', 'female', 'f2', 52, 60, 180, 'nova'],
      ['es_mateo', 'Mateo', 'male', 'm3', 42, 50, 175, 'onyx'],
      ['es_carmen', 'Carmen', 'female', 'f4', 45, 55, 170, 'shimmer'],
    ],
  ],
  [
    ['es-419'],
    [
      ['es_419_valentina', 'Valentina', 'female', 'f5', 58, 65, 180, 'nova'],
      ['es_419_diego', 'Diego', 'male', 'm6', 45, 55, 175, 'echo'],
    ],
  ],
  [
    ['fr'],
    [
      ['fr_camille', 'Camille', 'female', 'f3', 52, 55, 175, 'shimmer'],
      ['fr_louis', 'Louis', 'male', 'm5', 40, 45, 170, 'onyx'],
      ['fr_chloe', 'Chloé', 'female', 'f1', 60, 60, 180, 'nova'],
    ],
  ],
  [
    ['de'],
    [
      ['de_anna', 'Anna', 'female', 'f2', 50, 50, 170, 'nova'],
      ['de_lukas', 'Lukas', 'male', 'm4', 40, 45, 165, 'onyx'],
      ['de_klaus', 'Klaus', 'male', 'm1', 28, 40, 160, 'echo'],
    ],
  ],
  [
    ['it'],
    [
      ['it_giulia', 'Giulia', 'female', 'f5', 55, 70, 180, 'shimmer'],
      ['it_marco', 'Marco', 'male', 'm2', 45, 60, 175, 'echo'],
    ],
  ],
  [
    ['pt'],
    [
      ['pt_beatriz', 'Beatriz', 'female', 'f4', 50, 55, 170, 'nova'],
      ['pt_joao', 'João', 'male', 'm6', 42, 50, 170, 'onyx'],
    ],
  ],
  [
    ['pt-BR'],
    [
      ['pt_br_ana', 'Ana', 'female', 'f3', 55, 65, 180, 'nova'],
      ['pt_br_pedro', 'Pedro', 'male', 'm3', 45, 55, 175, 'echo'],
    ],
  ],
  [
    // Tone languages keep a moderate pitch range: too wide and the lexical tones blur into intonation.
    ['zh'],
    [
      ['zh_mei', 'Mei', 'female', 'f2', 55, 50, 165, 'nova'],
      ['zh_wei', 'Wei', 'male', 'm3', 42, 45, 160, 'onyx'],
    ],
  ],
  [
    ['yue'],
    [
      ['yue_kayan', 'Ka-yan', 'female', 'f4', 52, 50, 165, 'shimmer'],
      ['yue_chiming', 'Chi-ming', 'male', 'm2', 42, 45, 160, 'echo'],
    ],
  ],
  [
    ['ja'],
    [
      ['ja_yui', 'Yui', 'female', 'f5', 55, 55, 170, 'shimmer'],
      ['ja_haruto', 'Haruto', 'male', 'm4', 42, 45, 165, 'onyx'],
    ],
  ],
  [
    ['ru'],
    [
      ['ru_natalia', 'Natalia', 'female', 'f3', 50, 55, 170, 'nova'],
      ['ru_dmitri', 'Dmitri', 'male', 'm1', 35, 45, 165, 'onyx'],
    ],
  ],
  [
    ['ar'],
    [
      ['ar_layla', 'Layla', 'female', 'f2', 52, 55, 165, 'shimmer'],
      ['ar_omar', 'Omar', 'male', 'm5', 40, 50, 160, 'onyx'],
    ],
  ],
  [
    ['nl'],
    [
      ['nl_sanne', 'Sanne', 'female', 'f4', 52, 55, 175, 'nova'],
      ['nl_daan', 'Daan', 'male', 'm2', 42, 50, 170, 'echo'],
    ],
  ],
  [
    ['pl'],
    [
      ['pl_zofia', 'Zofia', 'female', 'f1', 55, 55, 170, 'shimmer'],
      ['pl_jakub', 'Jakub', 'male', 'm7', 40, 45, 165, 'onyx'],
    ],
  ],
  [
    ['tr'],
    [
      ['tr_elif', 'Elif', 'female', 'f3', 52, 60, 175, 'nova'],
      ['tr_emre', 'Emre', 'male', 'm6', 42, 50, 170, 'echo'],
    ],
  ],
  [
    ['hi'],
    [
      ['hi_priya', 'Priya', 'female', 'f5', 55, 60, 170, 'shimmer'],
      ['hi_arjun', 'Arjun', 'male', 'm3', 42, 50, 165, 'onyx'],
    ],
  ],
  [
    ['ko'],
    [
      ['ko_jiwoo', 'Ji-woo', 'female', 'f2', 55, 50, 170, 'nova'],
      ['ko_minjun', 'Min-jun', 'male', 'm4', 42, 45, 165, 'echo'],
    ],
  ],
  [
    ['sv'],
    [
      ['sv_astrid', 'Astrid', 'female', 'f4', 52, 60, 175, 'shimmer'],
      ['sv_erik', 'Erik', 'male', 'm1', 40, 50, 170, 'onyx'],
    ],
  ],
  [
    ['uk'],
    [
      ['uk_oksana', 'Oksana', 'female', 'f1', 55, 55, 170, 'nova'],
      ['uk_taras', 'Taras', 'male', 'm5', 40, 45, 165, 'onyx'],
    ],
  ],
  [
    ['vi'],
    [
      ['vi_lan', 'Lan', 'female', 'f3', 55, 50, 165, 'nova'],
      ['vi_minh', 'Minh', 'male', 'm2', 45, 45, 160, 'echo'],
    ],
  ],
  [
    ['el'],
    [
      ['el_eleni', 'Eleni', 'female', 'f2', 52, 55, 170, 'shimmer'],
      ['el_nikos', 'Nikos', 'male', 'm6', 42, 50, 165, 'onyx'],
    ],
  ],
  [
    ['he'],
    [
      ['he_noa', 'Noa', 'female', 'f5', 55, 55, 170, 'nova'],
      ['he_yosef', 'Yosef', 'male', 'm3', 40, 45, 165, 'onyx'],
    ],
  ],
  [
    ['id'],
    [
      ['id_sari', 'Sari', 'female', 'f4', 52, 55, 175, 'shimmer'],
      ['id_budi', 'Budi', 'male', 'm7', 42, 50, 170, 'echo'],
    ],
  ],
];

export const BUILTIN_VOICES: readonly BuiltinVoice[] = VOICES_BY_LANGUAGE.flatMap(([languages, rows]) =>
  rows.map(([id, name, gender, variant, pitch, pitchRange, wordsPerMinute, openaiVoice, flite]) =>
    Object.freeze({
      id: `voice_${id}`,
      name,
      gender,
      languages: Object.freeze([...languages]),
      settings: Object.freeze({ variant, pitch, pitchRange, wordsPerMinute, ...(flite ? { flite: Object.freeze(flite) } : {}) }),
      openaiVoice,
    }),
  ),
);

const BY_ID = new Map(BUILTIN_VOICES.map((v) => [v.id, v]));

/**
 * Built-in ids have at least two underscores (`voice_<lang>_<name>`); cloned ids are `voice_` plus
 * 20 lowercase alphanumerics with no further underscore, so the two can never collide.
 */
export function isBuiltinVoiceId(id: string): boolean {
  return BY_ID.has(id);
}

export function findBuiltinVoice(id: string): BuiltinVoice | undefined {
  return BY_ID.get(id);
}

/**
 * True when `voice` is made for `language` or another variety of the same language (an en-US voice
 * speaks en-GB text with British pronunciation). Any voice *can* speak any supported language; this
 * answers whether it is meant to.
 */
export function voiceSpeaks(voice: Pick<BuiltinVoice, 'languages'>, language: string): boolean {
  const resolved = resolveLanguage(language);
  if (!resolved) return false;
  const primary = primarySubtag(resolved.language);
  return voice.languages.some((l) => l === resolved.language || primarySubtag(l) === primary);
}

/**
 * The first catalogue voice (of `gender`, when given) made for exactly `language` once resolved, else
 * the first for its primary subtag (`en-AU` → an `en` voice). Undefined when the language is not spoken.
 */
export function defaultVoiceFor(language: string, gender?: 'female' | 'male'): BuiltinVoice | undefined {
  const resolved = resolveLanguage(language);
  if (!resolved) return undefined;
  const candidates = gender ? BUILTIN_VOICES.filter((v) => v.gender === gender) : BUILTIN_VOICES;
  const primary = primarySubtag(resolved.language);
  return candidates.find((v) => v.languages.includes(resolved.language)) ?? candidates.find((v) => v.languages.some((l) => primarySubtag(l) === primary));
}
