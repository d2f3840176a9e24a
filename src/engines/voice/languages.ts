/**
 * The languages the built-in engine speaks, and how a caller's BCP-47 tag maps onto one of them.
 * The espeak-ng voice is chosen by language alone, so any voice (built-in or cloned) can speak any
 * of these; a voice only contributes variant, pitch and rate.
 */

export interface SpokenLanguage {
  /** Canonical BCP-47 tag, as `Intl.getCanonicalLocales` spells it. */
  tag: string;
  /** English display name. */
  name: string;
  /**
   * espeak-ng voice name. Each is the voice's *file* name, not just a language it claims: `en-gb`
   * and `fr-fr` are language aliases that silently drop a `+variant` suffix (every voice would then
   * sound the same), while `en` and `fr` name the same files and keep it.
   */
  espeakVoice: string;
  /** Further tags that should land here rather than on the primary-subtag fallback. */
  alsoMatches?: readonly string[];
}

export const SPOKEN_LANGUAGES: readonly SpokenLanguage[] = [
  { tag: 'en', name: 'English', espeakVoice: 'en-us' },
  { tag: 'en-US', name: 'English (United States)', espeakVoice: 'en-us' },
  { tag: 'en-GB', name: 'English (United Kingdom)', espeakVoice: 'en' },
  { tag: 'es', name: 'Spanish', espeakVoice: 'es' },
  {
    tag: 'es-419',
    name: 'Spanish (Latin America)',
    espeakVoice: 'es-419',
    alsoMatches: [
      'es-MX',
      'es-US',
      'es-AR',
      'es-CO',
      'es-CL',
      'es-PE',
      'es-VE',
      'es-EC',
      'es-GT',
      'es-CU',
      'es-BO',
      'es-DO',
      'es-HN',
      'es-PY',
      'es-SV',
      'es-NI',
      'es-CR',
      'es-PA',
      'es-UY',
      'es-PR',
    ],
  },
  { tag: 'fr', name: 'French', espeakVoice: 'fr' },
  { tag: 'de', name: 'German', espeakVoice: 'de' },
  { tag: 'it', name: 'Italian', espeakVoice: 'it' },
  { tag: 'pt', name: 'Portuguese', espeakVoice: 'pt' },
  { tag: 'pt-BR', name: 'Portuguese (Brazil)', espeakVoice: 'pt-br' },
  // espeak's `cmn` reads Han characters as Mandarin; simplified and traditional script both work.
  { tag: 'zh', name: 'Chinese (Mandarin)', espeakVoice: 'cmn' },
  { tag: 'yue', name: 'Chinese (Cantonese)', espeakVoice: 'yue', alsoMatches: ['zh-HK', 'zh-MO'] },
  // espeak reads kana only: kanji are spelt out as "Chinese letter", so Japanese text should be in kana.
  { tag: 'ja', name: 'Japanese', espeakVoice: 'ja' },
  { tag: 'ru', name: 'Russian', espeakVoice: 'ru' },
  { tag: 'ar', name: 'Arabic', espeakVoice: 'ar' },
  { tag: 'nl', name: 'Dutch', espeakVoice: 'nl' },
  { tag: 'pl', name: 'Polish', espeakVoice: 'pl' },
  { tag: 'tr', name: 'Turkish', espeakVoice: 'tr' },
  { tag: 'hi', name: 'Hindi', espeakVoice: 'hi' },
  { tag: 'ko', name: 'Korean', espeakVoice: 'ko' },
  { tag: 'sv', name: 'Swedish', espeakVoice: 'sv' },
  { tag: 'uk', name: 'Ukrainian', espeakVoice: 'uk' },
  { tag: 'vi', name: 'Vietnamese', espeakVoice: 'vi' },
  { tag: 'el', name: 'Greek', espeakVoice: 'el' },
  { tag: 'he', name: 'Hebrew', espeakVoice: 'he' },
  { tag: 'id', name: 'Indonesian', espeakVoice: 'id' },
];

/** The tags the engine speaks; every one has at least one built-in voice. */
export const SUPPORTED_LANGUAGES: readonly string[] = SPOKEN_LANGUAGES.map((l) => l.tag);

const BY_TAG = new Map<string, SpokenLanguage>();
for (const lang of SPOKEN_LANGUAGES) {
  for (const tag of [lang.tag, ...(lang.alsoMatches ?? [])]) BY_TAG.set(tag.toLowerCase(), lang);
}

export interface ResolvedLanguage {
  /** The supported tag matched, e.g. `en` for `en-AU`. */
  language: string;
  espeakVoice: string;
}

/**
 * Maps any well-formed tag onto a supported language: the exact tag first, then without its script
 * (`zh-Hant-HK` → `zh-HK`), then without its region, then the bare language (`en-AU` → `en`,
 * `zh-Hans` → `zh`). Deprecated codes are canonicalised on the way (`iw` → `he`, `cmn` → `zh`).
 * Null for a malformed tag or a language no voice speaks.
 */
export function resolveLanguage(tag: string): ResolvedLanguage | null {
  const locale = parseTag(tag);
  if (!locale) return null;
  for (const candidate of fallbackChain(locale)) {
    const hit = BY_TAG.get(candidate.toLowerCase());
    if (hit) return { language: hit.tag, espeakVoice: hit.espeakVoice };
  }
  return null;
}

/** The language subtag alone (`pt-BR` → `pt`), lowercased; the input is assumed well-formed. */
export function primarySubtag(tag: string): string {
  return (tag.split('-')[0] ?? tag).toLowerCase();
}

function parseTag(tag: string): Intl.Locale | null {
  if (typeof tag !== 'string') return null;
  try {
    const [canonical] = Intl.getCanonicalLocales(tag.trim());
    return canonical ? new Intl.Locale(canonical) : null;
  } catch {
    return null;
  }
}

function fallbackChain(locale: Intl.Locale): string[] {
  const { language, script, region } = locale;
  const chain = [locale.baseName];
  if (region) chain.push(`${language}-${region}`);
  if (script) chain.push(`${language}-${script}`);
  chain.push(language);
  return [...new Set(chain)];
}
