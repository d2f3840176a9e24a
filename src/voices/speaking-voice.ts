import type { Db } from '../db/client';
import { findAccountVoice } from '../db/queries/voices';
import { defaultVoiceFor, findBuiltinVoice, resolveLanguage, SUPPORTED_LANGUAGES, voiceSpeaks } from '../engines/voice/catalogue';
import type { VoiceSpec } from '../engines/voice/types';

export type SpeakingVoice = { ok: true; voice: VoiceSpec; language: string } | { ok: false; message: string };

const refuse = (message: string): SpeakingVoice => ({ ok: false, message });

/**
 * Which voice speaks a synthesis request, shared by the route (to refuse at once) and the worker (the
 * clone may have been deleted since). Built-in voices speak the languages they list; a cloned voice is a
 * set of engine settings, so it speaks every language the engine does, but only once it is `ready`.
 */
export async function resolveSpeakingVoice(db: Db, accountId: string, req: { voiceId?: string; language: string }): Promise<SpeakingVoice> {
  const resolved = resolveLanguage(req.language);
  if (!resolved) {
    return refuse(`'language' ${JSON.stringify(req.language)} is not spoken by the speech engine; supported: ${SUPPORTED_LANGUAGES.join(', ')}.`);
  }
  const language = resolved.language;
  if (req.voiceId === undefined) {
    const voice = defaultVoiceFor(language);
    if (!voice) return refuse(`No built-in voice speaks ${language}.`);
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
