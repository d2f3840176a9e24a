import { resolveLanguage, synthesizeChunk, type VoiceSettings } from '../../../src/engines/voice';

/** A sentence or two per primary language, in the script espeak reads for it (kana for Japanese). */
export const SAMPLE_TEXT: Record<string, string> = {
  en: 'The quick brown fox jumps over the lazy dog. How are you today?',
  es: 'Hola, ¿cómo estás hoy? Vamos al mercado a comprar pan.',
  fr: 'Bonjour, comment allez-vous aujourd’hui ? Allons au marché.',
  de: 'Guten Tag, wie geht es Ihnen heute? Wir gehen zum Markt.',
  it: 'Buongiorno, come stai oggi? Andiamo al mercato.',
  pt: 'Olá, como está hoje? Vamos ao mercado comprar pão.',
  zh: '你好，今天天气很好。我们去公园吧！',
  yue: '你好，今日天氣好好。我哋去公園啦！',
  ja: 'こんにちは、きょうはいいてんきですね。',
  ru: 'Привет, как дела сегодня? Пойдём на рынок.',
  ar: 'مرحبا، كيف حالك اليوم؟ لنذهب إلى السوق.',
  nl: 'Hallo, hoe gaat het vandaag? We gaan naar de markt.',
  pl: 'Dzień dobry, jak się masz? Idziemy na targ.',
  tr: 'Merhaba, bugün nasılsın? Pazara gidelim.',
  hi: 'नमस्ते, आप कैसे हैं? चलो बाज़ार चलते हैं।',
  ko: '안녕하세요, 오늘 어떻게 지내세요? 시장에 갑시다.',
  sv: 'Hej, hur mår du idag? Vi går till marknaden.',
  uk: 'Привіт, як справи сьогодні? Ходімо на ринок.',
  vi: 'Xin chào, hôm nay bạn thế nào? Chúng ta đi chợ nhé.',
  el: 'Γεια σας, τι κάνετε σήμερα; Πάμε στην αγορά.',
  he: 'שלום, מה שלומך היום? בוא נלך לשוק.',
  id: 'Halo, apa kabar hari ini? Ayo pergi ke pasar.',
};

export function sampleFor(language: string): string {
  const text = SAMPLE_TEXT[language.split('-')[0] ?? language];
  if (!text) throw new Error(`no sample text for ${language}`);
  return text;
}

/** PCM of `text` spoken in `language` with `settings`, straight from espeak. */
export async function speak(text: string, language: string, settings: VoiceSettings, speed = 1): Promise<Int16Array> {
  const resolved = resolveLanguage(language);
  if (!resolved) throw new Error(`unsupported language ${language}`);
  return synthesizeChunk(text, { espeakVoice: resolved.espeakVoice, settings, speed });
}

export function rms(pcm: Int16Array): number {
  let sum = 0;
  for (const v of pcm) sum += v * v;
  return Math.sqrt(sum / Math.max(1, pcm.length)) / 32768;
}

/**
 * Median F0 over voiced 46 ms frames, by plain autocorrelation over 60–500 Hz. Crude, but espeak's
 * formant voices are clean enough for it to separate a 100 Hz voice from a 200 Hz one reliably.
 */
export function medianF0(pcm: Int16Array, rate = 22_050): number {
  const frame = 1024;
  const minLag = Math.floor(rate / 500);
  const maxLag = Math.floor(rate / 60);
  const estimates: number[] = [];
  for (let start = 0; start + frame <= pcm.length; start += frame) {
    let energy = 0;
    for (let i = 0; i < frame; i++) energy += (pcm[start + i] as number) ** 2;
    energy /= frame;
    if (Math.sqrt(energy) < 1500) continue; // silence and quiet consonants
    let best = 0;
    let bestLag = 0;
    for (let lag = minLag; lag <= maxLag; lag++) {
      let c = 0;
      for (let i = 0; i < frame - lag; i++) c += (pcm[start + i] as number) * (pcm[start + i + lag] as number);
      c /= frame - lag;
      if (c > best) {
        best = c;
        bestLag = lag;
      }
    }
    if (bestLag && best > 0.3 * energy) estimates.push(rate / bestLag);
  }
  estimates.sort((a, b) => a - b);
  return estimates[Math.floor(estimates.length / 2)] ?? 0;
}
