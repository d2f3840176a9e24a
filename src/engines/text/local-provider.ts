/**
 * The built-in text engine: English only, no network, no model. It works from the prompt itself,
 * wink-nlp's analysis of it and WordNet (see the mode modules for what each mode does), and is
 * deterministic: the same request always gives the same text.
 */
import { loadLexicon } from '../lexicon';
import type { Lexicon } from '../lexicon/types';
import { composeArticle } from './compose';
import { warmUpNlp } from './nlp';
import { paraphraseText } from './paraphrase';
import { rewriteText } from './rewrite';
import { createRandom, hashString } from '../../lib/seeded-random';
import { TextProviderError } from './text-provider-error';
import { renderLines, type TextLines } from './text-lines';
import { countTokens, truncateToTokens } from './tokens';
import { applyTone } from './tone';
import { MAX_MAX_TOKENS, MIN_MAX_TOKENS, supportsLanguage, type TextProvider, type TextRequest, type TextResult } from './types';

export const LOCAL_LANGUAGES: readonly string[] = ['en'];

export interface LocalTextProvider extends TextProvider {
  /** Loads WordNet and the wink model now, so the first request is as fast as the rest. */
  warmUp(): Promise<void>;
}

let lexiconLoad: Promise<Lexicon> | undefined;

function lexicon(): Promise<Lexicon> {
  if (!lexiconLoad) {
    lexiconLoad = loadLexicon();
    lexiconLoad.catch(() => {
      lexiconLoad = undefined;
    });
  }
  return lexiconLoad;
}

export function createLocalTextProvider(): LocalTextProvider {
  const provider: LocalTextProvider = {
    name: 'local',
    languages: LOCAL_LANGUAGES,
    async warmUp(): Promise<void> {
      warmUpNlp();
      await lexicon();
    },
    async generate(req: TextRequest, signal?: AbortSignal): Promise<TextResult> {
      validate(req);
      signal?.throwIfAborted();
      const lex = await lexicon();
      signal?.throwIfAborted();
      const text = generateLocalText(req, lex);
      return { text, promptTokens: countTokens(req.prompt), outputTokens: countTokens(text) };
    },
    async generateStream(req, onDelta, signal): Promise<TextResult> {
      // The piece is fitted to max_tokens as a whole (the tone pass changes lengths), then handed out
      // a sentence at a time; composing takes milliseconds, so the reader waits on the sentences' delivery.
      const result = await provider.generate(req, signal);
      for (const sentence of splitSentences(result.text)) {
        signal?.throwIfAborted();
        await onDelta(sentence);
      }
      return result;
    },
  };
  return provider;
}

/**
 * `text` cut after each sentence end or line break, the whitespace that follows kept with the sentence
 * before it, so the pieces concatenate to `text` exactly.
 */
export function splitSentences(text: string): string[] {
  return text.match(/[^\n]*?(?:[.!?…]+["'”’)\]]*(?=\s|$)|(?=\n)|$)\s*/gu)?.filter((piece) => piece.length > 0) ?? [];
}

function validate(req: TextRequest): void {
  if (!supportsLanguage(LOCAL_LANGUAGES, req.language)) {
    throw new TextProviderError(`the local text engine writes only ${LOCAL_LANGUAGES.join(', ')}; "${req.language}" is not supported`, { permanent: true });
  }
  if (!Number.isInteger(req.maxTokens) || req.maxTokens < MIN_MAX_TOKENS || req.maxTokens > MAX_MAX_TOKENS) {
    throw new TextProviderError(`maxTokens must be an integer from ${MIN_MAX_TOKENS} to ${MAX_MAX_TOKENS}, got ${req.maxTokens}`, { permanent: true });
  }
  if (!req.prompt.trim()) throw new TextProviderError('the prompt is empty', { permanent: true });
}

/** The whole local pipeline, synchronous once WordNet is loaded: mode, then tone, then the exact token cap. */
export function generateLocalText(req: TextRequest, lex: Lexicon): string {
  const seed = `${req.mode}\u0000${req.tone}\u0000${req.prompt}`;
  const tone = (lines: TextLines, title = false): string =>
    // A write without a title had no room for more than its body: no greeting or closing aside either.
    renderLines(applyTone(lines, req.tone, { title, keepSentences: req.mode === 'paraphrase', aside: req.mode !== 'write' || title, seed }));

  if (req.mode !== 'write') {
    const random = createRandom(hashString(seed));
    const lines = req.mode === 'rewrite' ? rewriteText(req.prompt, lex, random).lines : paraphraseText(req.prompt, lex, random).lines;
    return truncateToTokens(tone(lines), req.maxTokens);
  }

  // The tone pass changes the length a little (contractions, hedges, an opener), so compose, measure,
  // and if it overshoots compose again for a proportionally smaller budget; truncation is the last resort.
  let budget = req.maxTokens;
  let text = '';
  for (let attempt = 0; attempt < 3; attempt++) {
    const article = composeArticle(req.prompt, lex, { budget, random: createRandom(hashString(seed)), avoidContractions: req.tone !== 'casual' });
    if (!article.knowsSubject) return truncateToTokens(renderLines(article.lines), req.maxTokens);
    text = tone(article.lines, article.titled);
    const used = countTokens(text);
    if (used <= req.maxTokens) return text;
    budget = Math.floor(budget * (req.maxTokens / used)) - 2;
    if (budget < 1) break;
  }
  return truncateToTokens(text, req.maxTokens);
}
