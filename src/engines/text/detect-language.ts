/**
 * The language a text is written in, for requests that do not say. The n-gram detector is eld's
 * (`eld/small`: 60 languages, its tables inside the package, no network), loaded on first use because
 * its tables take about 45 MB of heap and a quarter to a whole second (on a busy machine) to parse.
 *
 * A wrong verdict costs more than none: English text refused by the built-in engine is a broken request,
 * while a foreign text let through only gets a poor answer. So weak evidence gives no verdict, and the
 * caller keeps English:
 *  - fewer than `MIN_LETTERS` letters (a word or two: "tea gardens", "cat") is too little to judge;
 *  - eld must call its own verdict reliable;
 *  - another language must beat English's score by `MIN_MARGIN_OVER_ENGLISH`, because short English
 *    subjects full of borrowed words ("quantum entanglement", "The Rio Grande") score nearly as well
 *    in French or Portuguese as in English, while real foreign text leads English by 0.16 or more;
 *  - a text where at least `MIN_ENGLISH_WORD_SHARE` of the words are English function words that no
 *    other detected language uses ("Reykjavik and Akureyri", which the n-grams of the names make
 *    Icelandic) is not called foreign.
 * Measured on short subjects and sentences in eleven languages (test/text/language.test.ts).
 */
import { languageName } from './prompts';

const MIN_LETTERS = 12;
const MIN_MARGIN_OVER_ENGLISH = 0.1;
const MIN_ENGLISH_WORD_SHARE = 0.2;
/**
 * Function words that are English and not also words of a language eld detects ("of" and "is" are
 * Dutch, "for" Scandinavian, "will" and "was" German, "but" and "or" French, "are" Romanian: left out).
 */
const ENGLISH_WORDS = new Set(
  'the and with that this which from about what why who how its were has have been does did not you they she my your their our should would could into than there these those when where while'.split(
    ' ',
  ),
);
/** Enough text to judge; the rest of a long prompt only costs time. */
const SAMPLE_CHARS = 10_000;

export interface DetectedLanguage {
  /** ISO 639-1 code, a valid BCP-47 primary tag (`fr`). */
  tag: string;
  /** Its English name ("French"). */
  name: string;
}

interface Detector {
  detect(text: string): { language: string; getScores(): Record<string, number>; isReliable(): boolean };
}

let detectorLoad: Promise<Detector> | undefined;

function detector(): Promise<Detector> {
  if (!detectorLoad) {
    detectorLoad = import('eld/small').then((m) => m.eld as Detector);
    detectorLoad.catch(() => {
      detectorLoad = undefined;
    });
  }
  return detectorLoad;
}

/** Loads the detector's tables now, so the first request without a language is as fast as the rest. */
export async function warmUpLanguageDetection(): Promise<void> {
  await detector();
}

/**
 * The text's language, or undefined when the evidence is too weak to say (see the rules above). `against`
 * names languages the verdict must also beat by the same margin as English (a voice's own languages, before
 * a request is refused for not being in one of them): Cyrillic or Iberian languages score close together.
 */
export async function detectLanguage(text: string, opts: { against?: readonly string[] } = {}): Promise<DetectedLanguage | undefined> {
  const sample = text.slice(0, SAMPLE_CHARS);
  if ((sample.match(/\p{L}/gu)?.length ?? 0) < MIN_LETTERS) return undefined;
  const result = (await detector()).detect(sample);
  const tag = result.language;
  if (!tag || !result.isReliable()) return undefined;
  if (tag !== 'en') {
    const scores = result.getScores();
    if ((scores[tag] ?? 0) - (scores.en ?? 0) < MIN_MARGIN_OVER_ENGLISH) return undefined;
    if (englishWordShare(sample) >= MIN_ENGLISH_WORD_SHARE) return undefined;
  }
  if (opts.against?.length) {
    const scores = result.getScores();
    for (const other of opts.against) {
      const primary = (other.split('-')[0] ?? other).toLowerCase();
      if (primary !== tag && (scores[tag] ?? 0) - (scores[primary] ?? 0) < MIN_MARGIN_OVER_ENGLISH) return undefined;
    }
  }
  return { tag, name: languageName(tag) };
}

function englishWordShare(text: string): number {
  const words = text.toLowerCase().match(/\p{L}+/gu) ?? [];
  return words.length === 0 ? 0 : words.filter((w) => ENGLISH_WORDS.has(w)).length / words.length;
}
