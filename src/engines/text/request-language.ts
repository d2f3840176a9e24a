/**
 * The language a text request is worked in, decided before it is queued so a refusal is an immediate
 * 400 rather than a failed job:
 *  - `language` given: the caller's word for the language to write in;
 *  - not given: the prompt's own language when detection is sure of it (see detect-language.ts), else English.
 * A provider with a fixed list of languages (the built-in engine: English) refuses any other, given or
 * detected; it also checks a prompt labelled with a language it writes, because it can only read that
 * language: French sent as `"language": "en"` would come back as nonsense labelled English.
 */
import { detectLanguage } from './detect-language';
import { languageName } from './prompts';
import { supportsLanguage, type TextProvider } from './types';

export type LanguageDecision = { ok: true; language: string } | { ok: false; message: string; param: 'language' | 'prompt' };

/** The configuration that switches to a provider writing any language; named in refusals. */
const ANY_LANGUAGE_PROVIDER = 'TEXT_PROVIDER=openai (an OpenAI-compatible server at OPENAI_BASE_URL)';

export async function decideLanguage(
  prompt: string,
  requested: string | undefined,
  provider: Pick<TextProvider, 'name' | 'languages'>,
): Promise<LanguageDecision> {
  const fixed = provider.languages !== 'any';
  if (requested !== undefined) {
    if (!supportsLanguage(provider.languages, requested))
      return { ok: false, message: refusal(provider, `'language' ${describe(requested)}`), param: 'language' };
    if (!fixed) return { ok: true, language: requested };
  }
  const detected = await detectLanguage(prompt);
  if (detected && !supportsLanguage(provider.languages, detected.tag)) {
    const how = requested === undefined ? "detected, as no 'language' was given" : `detected, although 'language' says ${requested}`;
    return { ok: false, message: refusal(provider, `'prompt' is written in ${detected.name} (${detected.tag}; ${how}), and that`), param: 'prompt' };
  }
  return { ok: true, language: requested ?? detected?.tag ?? 'en' };
}

function describe(tag: string): string {
  const name = languageName(tag);
  return name === tag ? tag : `${tag} (${name})`;
}

function refusal(provider: Pick<TextProvider, 'name' | 'languages'>, subject: string): string {
  const languages = (provider.languages as readonly string[]).map(languageName).join(', ');
  const engine = provider.name === 'local' ? 'built-in' : provider.name;
  return `${subject} is not a language the ${engine} text engine reads or writes: it works in ${languages} only. Send text in ${languages}, or ask the operator to set ${ANY_LANGUAGE_PROVIDER} to work in other languages.`;
}
