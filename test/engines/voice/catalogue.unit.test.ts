import { describe, expect, it } from 'vitest';
import {
  BUILTIN_VOICES,
  defaultVoiceFor,
  findBuiltinVoice,
  isBuiltinVoiceId,
  resolveLanguage,
  SUPPORTED_LANGUAGES,
  voiceSpeaks,
} from '../../../src/engines/voice';

/** Variants checked to change the sound in this espeak build (no klatt, no whisper). */
const USABLE_VARIANTS = new Set(['f1', 'f2', 'f3', 'f4', 'f5', 'm1', 'm2', 'm3', 'm4', 'm5', 'm6', 'm7', 'm8']);
const CLONED_ID = /^voice_[a-z0-9]{20}$/;

describe('built-in voice catalogue', () => {
  it('has unique, well-formed ids that can never look like a cloned voice id', () => {
    const ids = BUILTIN_VOICES.map((v) => v.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) {
      expect(id).toMatch(/^voice_[a-z]{2,3}(?:_[a-z0-9]+)?_[a-z]+$/);
      expect(id).not.toMatch(CLONED_ID);
    }
  });

  it('keeps the ids that are already in use', () => {
    for (const id of ['voice_en_us_james', 'voice_en_us_emma', 'voice_en_gb_oliver', 'voice_es_lucia', 'voice_fr_camille', 'voice_zh_mei', 'voice_pt_br_ana']) {
      expect(findBuiltinVoice(id)?.id).toBe(id);
      expect(isBuiltinVoiceId(id)).toBe(true);
    }
    expect(findBuiltinVoice('voice_abcdefghij0123456789')).toBeUndefined();
    expect(isBuiltinVoiceId('voice_abcdefghij0123456789')).toBe(false);
  });

  it('offers several voices of both genders for the major languages', () => {
    const count = (lang: string) => BUILTIN_VOICES.filter((v) => voiceSpeaks(v, lang));
    expect(count('en').length).toBeGreaterThanOrEqual(3);
    for (const lang of ['en', 'es', 'fr', 'de', 'it', 'pt', 'zh', 'ja', 'ru', 'ar']) {
      const voices = count(lang);
      expect(voices.length, lang).toBeGreaterThanOrEqual(2);
      expect(new Set(voices.map((v) => v.gender)), lang).toEqual(new Set(['female', 'male']));
    }
  });

  it('gives every voice settings espeak accepts and that keep speeds 0.5–2.0 inside its 80–450 wpm range', () => {
    for (const v of BUILTIN_VOICES) {
      expect(v.name.length).toBeGreaterThan(0);
      expect(USABLE_VARIANTS.has(v.settings.variant ?? ''), v.id).toBe(true);
      expect(v.gender === 'female' ? v.settings.variant?.startsWith('f') : v.settings.variant?.startsWith('m'), v.id).toBe(true);
      expect(v.settings.pitch).toBeGreaterThanOrEqual(0);
      expect(v.settings.pitch).toBeLessThanOrEqual(99);
      expect(v.settings.pitchRange).toBeGreaterThanOrEqual(0);
      expect(v.settings.pitchRange).toBeLessThanOrEqual(99);
      expect(v.settings.wordsPerMinute * 0.5).toBeGreaterThanOrEqual(80);
      expect(v.settings.wordsPerMinute * 2).toBeLessThanOrEqual(450);
      expect(['alloy', 'echo', 'fable', 'onyx', 'nova', 'shimmer']).toContain(v.openaiVoice);
      for (const lang of v.languages) expect(resolveLanguage(lang)?.language, v.id).toBe(lang);
    }
  });

  it('has a voice for every supported language, each resolving to itself', () => {
    for (const tag of SUPPORTED_LANGUAGES) {
      expect(resolveLanguage(tag)?.language).toBe(tag);
      expect(defaultVoiceFor(tag), tag).toBeDefined();
    }
  });
});

describe('resolveLanguage', () => {
  it('matches exact tags case-insensitively', () => {
    expect(resolveLanguage('en-US')).toEqual({ language: 'en-US', espeakVoice: 'en-us' });
    expect(resolveLanguage('EN-gb')).toEqual({ language: 'en-GB', espeakVoice: 'en' });
    expect(resolveLanguage('pt-br')).toEqual({ language: 'pt-BR', espeakVoice: 'pt-br' });
    expect(resolveLanguage('es-419')).toEqual({ language: 'es-419', espeakVoice: 'es-419' });
  });

  it('falls back to the primary subtag', () => {
    expect(resolveLanguage('en-AU')).toEqual({ language: 'en', espeakVoice: 'en-us' });
    expect(resolveLanguage('zh-CN')).toEqual({ language: 'zh', espeakVoice: 'cmn' });
    expect(resolveLanguage('zh-Hans')).toEqual({ language: 'zh', espeakVoice: 'cmn' });
    expect(resolveLanguage('zh-Hans-CN')).toEqual({ language: 'zh', espeakVoice: 'cmn' });
    expect(resolveLanguage('fr-CA')).toEqual({ language: 'fr', espeakVoice: 'fr' });
    expect(resolveLanguage('de-AT-u-co-phonebk')).toEqual({ language: 'de', espeakVoice: 'de' });
    expect(resolveLanguage('pt-PT')).toEqual({ language: 'pt', espeakVoice: 'pt' });
  });

  it('prefers a regional variety over the bare language where there is one', () => {
    expect(resolveLanguage('es-MX')).toEqual({ language: 'es-419', espeakVoice: 'es-419' });
    expect(resolveLanguage('es-ES')).toEqual({ language: 'es', espeakVoice: 'es' });
    expect(resolveLanguage('zh-Hant-HK')).toEqual({ language: 'yue', espeakVoice: 'yue' });
  });

  it('canonicalises deprecated codes', () => {
    expect(resolveLanguage('iw')?.language).toBe('he');
    expect(resolveLanguage('in')?.language).toBe('id');
    expect(resolveLanguage('cmn')?.language).toBe('zh');
  });

  it('returns null for unspoken languages and malformed tags', () => {
    expect(resolveLanguage('xx')).toBeNull();
    expect(resolveLanguage('tlh')).toBeNull();
    expect(resolveLanguage('not a tag!')).toBeNull();
    expect(resolveLanguage('')).toBeNull();
    expect(resolveLanguage('en_US_')).toBeNull();
  });
});

describe('defaultVoiceFor and voiceSpeaks', () => {
  it('picks the first voice for the language, optionally by gender', () => {
    expect(defaultVoiceFor('en')?.id).toBe('voice_en_us_emma');
    expect(defaultVoiceFor('en', 'male')?.id).toBe('voice_en_us_james');
    expect(defaultVoiceFor('en-GB')?.id).toBe('voice_en_gb_sophie');
    expect(defaultVoiceFor('en-AU')?.languages).toContain('en');
    expect(defaultVoiceFor('es')?.id).toBe('voice_es_lucia');
    expect(defaultVoiceFor('pt-BR')?.id).toBe('voice_pt_br_ana');
    expect(defaultVoiceFor('zh-CN')?.id).toBe('voice_zh_mei');
    expect(defaultVoiceFor('xx')).toBeUndefined();
  });

  it('treats varieties of one language as spoken by its voices', () => {
    const james = findBuiltinVoice('voice_en_us_james');
    const mei = findBuiltinVoice('voice_zh_mei');
    if (!james || !mei) throw new Error('catalogue lost a voice');
    expect(voiceSpeaks(james, 'en')).toBe(true);
    expect(voiceSpeaks(james, 'en-GB')).toBe(true);
    expect(voiceSpeaks(james, 'en-AU')).toBe(true);
    expect(voiceSpeaks(james, 'fr')).toBe(false);
    expect(voiceSpeaks(mei, 'zh-TW')).toBe(true);
    expect(voiceSpeaks(mei, 'xx')).toBe(false);
    expect(voiceSpeaks(mei, 'not a tag!')).toBe(false);
  });
});
