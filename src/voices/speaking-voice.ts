import type { Db } from '../db/client';
import { findAccountVoice } from '../db/queries/voices';
import { type BuiltinVoice, defaultVoiceFor, findBuiltinVoice, resolveLanguage, SUPPORTED_LANGUAGES, voiceSpeaks } from '../engines/voice/catalogue';
import type { VoiceSpec } from '../engines/voice/types';
import { detectLanguage } from '../engines/text/detect-language';

/** A refusal names the request field at fault (`param`, as Stripe's errors do). */
type Refusal = { ok: false; message: string; param: 'language' | 'voice_id' };
export type SpeakingVoice = { ok: true; voice: VoiceSpec; language: string } | Refusal;

const refuse = (message: string, param: Refusal['param'] = 'voice_id'): Refusal => ({ ok: false, message, param });

/** The language when neither the request nor the text says: what the API always spoke. */
const FALLBACK_LANGUAGE = 'en';

/**
 * A request is refused for its text's language only on a sentence's worth of evidence: a greeting or a
 * name in another language ("Bonjour Paris", 12 letters, which the detector does judge) is read by the voice
 * in its own language. A word is a run of letters, or one Han or kana character (scripts without spaces).
 */
const MIN_WORDS_TO_REFUSE = 4;
const MIN_LETTERS_TO_REFUSE = 20;
const WORD = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]|\p{L}+/gu;

function enoughToRefuse(text: string): boolean {
  const sample = text.slice(0, 10_000);
  return (sample.match(WORD)?.length ?? 0) >= MIN_WORDS_TO_REFUSE && (sample.match(/\p{L}/gu)?.length ?? 0) >= MIN_LETTERS_TO_REFUSE;
}

/**
 * The language of a request that gave none: the text's own when the detector is confident of it (never for
 * short or ambiguous text: detect-language.ts) and a voice can speak it; else the voice's own language; else
 * English. A built-in voice asked to read a sentence or more confidently in a language it was not made for
 * (an English voice reading French) is refused, naming its languages; a cloned voice speaks every language
 * the engine does.
 */
async function languageOfText(text: string, builtin: BuiltinVoice | undefined): Promise<{ ok: true; language: string } | Refusal> {
  if (!builtin) {
    const detected = await detectLanguage(text);
    return { ok: true, language: detected && resolveLanguage(detected.tag) ? detected.tag : FALLBACK_LANGUAGE };
  }
  // The verdict must also beat the voice's own languages by a clear margin before the request is refused.
  const detected = await detectLanguage(text, { against: builtin.languages });
  if (detected && voiceSpeaks(builtin, detected.tag)) return { ok: true, language: detected.tag };
  if (!detected || !enoughToRefuse(text)) return { ok: true, language: voiceSpeaks(builtin, FALLBACK_LANGUAGE) ? FALLBACK_LANGUAGE : builtin.languages[0]! };
  const other = defaultVoiceFor(detected.tag);
  const ways = other ? `Omit 'voice_id' to use ${detected.name}'s default voice (${other.id}), or set 'language'` : "Set 'language'";
  return refuse(
    `'text' is written in ${detected.name} (${detected.tag}; detected, as no 'language' was given), which voice ${builtin.id} does not speak; ` +
      `it speaks ${builtin.languages.join(', ')}. ${ways} to read the text as one of the voice's languages anyway.`,
  );
}

/**
 * Which voice speaks a synthesis request, shared by the route (to refuse at once) and the worker (the
 * clone may have been deleted since). Built-in voices speak the languages they list; a cloned voice is a
 * set of engine settings, so it speaks every language the engine does, but only once it is `ready`.
 */
export async function resolveSpeakingVoice(
  db: Db,
  accountId: string,
  req: { voiceId?: string; language: string } | { voiceId?: string; language?: undefined; text: string },
): Promise<SpeakingVoice> {
  let requested: string;
  if ('language' in req && req.language !== undefined) requested = req.language;
  else {
    const chosen = await languageOfText(req.text, req.voiceId === undefined ? undefined : findBuiltinVoice(req.voiceId));
    if (!chosen.ok) return chosen;
    requested = chosen.language;
  }
  const resolved = resolveLanguage(requested);
  if (!resolved) {
    return refuse(`'language' ${JSON.stringify(requested)} is not spoken by the speech engine; supported: ${SUPPORTED_LANGUAGES.join(', ')}.`, 'language');
  }
  const language = resolved.language;
  if (req.voiceId === undefined) {
    const voice = defaultVoiceFor(language);
    if (!voice) return refuse(`No built-in voice speaks ${language}.`, 'language');
    return { ok: true, voice, language };
  }
  const builtin = findBuiltinVoice(req.voiceId);
  if (builtin) {
    if (!voiceSpeaks(builtin, language)) {
      return refuse(
        `Voice ${builtin.id} does not speak ${language}; it speaks ${builtin.languages.join(', ')}. Omit 'voice_id' to use the default voice for the language.`,
      );
    }
    return { ok: true, voice: builtin, language };
  }
  const cloned = await findAccountVoice(db, accountId, req.voiceId);
  if (!cloned) return refuse(`Unknown 'voice_id' ${JSON.stringify(req.voiceId)}; GET /v1/voices lists the voices you can use.`);
  if (cloned.status !== 'ready' || !cloned.settings) {
    const why = cloned.status === 'failed' ? `cloning failed (${cloned.error ?? 'no detail'})` : 'it is still processing; poll GET /v1/voices/' + cloned.id;
    return refuse(`Voice ${cloned.id} is not ready: ${why}.`);
  }
  return { ok: true, voice: { id: cloned.id, settings: cloned.settings }, language };
}
