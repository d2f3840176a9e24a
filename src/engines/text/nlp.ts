/**
 * wink-nlp with its English lite model, loaded once per process, and a plain-data view of a text the
 * rest of the engine works on: lines → sentences → tokens, each token carrying the whitespace before it
 * so any edited token list renders back to natural text.
 */
import { createRequire } from 'node:module';
import winkNLP, { type ItemEntity, type ItemSentence, type ItemToken, type ItsFunction, type PartOfSpeech, type WinkMethods } from 'wink-nlp';

export interface Token {
  text: string;
  /** Whitespace before the token in the source (empty for the first token of a sentence after rendering). */
  pre: string;
  pos: PartOfSpeech;
  /** wink's lemma, lower-cased (`running` → `run`, `better` → `good`). */
  lemma: string;
  /** wink's token type: `word`, `number`, `punctuation`, `currency`, `email`, `url`, … */
  kind: string;
  /** Named-entity type (`DATE`, `MONEY`, `PERCENT`, `CARDINAL`, …) when the token is part of one. */
  entity: string | undefined;
  stop: boolean;
  /** Inside double quotes: somebody's exact words, which no transformation may touch. */
  quoted: boolean;
}

export type Sentence = Token[];

/** One line of the source with its sentences, and the line break(s) that followed it. */
export interface Line {
  sentences: Sentence[];
  after: string;
}

let nlp: WinkMethods | undefined;

/** The model (about 25 MB in memory) is required on first use, so processes that never write text never load it. */
function instance(): WinkMethods {
  nlp ??= winkNLP(createRequire(import.meta.url)('wink-eng-lite-web-model') as Parameters<typeof winkNLP>[0]);
  return nlp;
}

/** Loads the model now rather than on the first request (~100 ms). */
export function warmUpNlp(): void {
  instance();
}

export function analyse(text: string): Line[] {
  const lines: Line[] = [];
  const pattern = /([^\n]*)(\n*)/g;
  for (let m = pattern.exec(text); m && m[0].length > 0; m = pattern.exec(text)) {
    const content = m[1] ?? '';
    const after = m[2] ?? '';
    if (content.trim()) lines.push({ sentences: analyseLine(content.trim()), after });
    else if (lines.length > 0) lines[lines.length - 1]!.after += content + after;
  }
  return lines;
}

function analyseLine(text: string): Sentence[] {
  const wink = instance();
  const its = wink.its;
  const doc = wink.readDoc(text);
  const tokens = doc.tokens();
  const texts = tokens.out();
  const pos = tokens.out(its.pos) as PartOfSpeech[];
  // wink's typings declare `its.lemma` with the addons argument the runtime supplies itself.
  const lemmas = tokens.out(its.lemma as unknown as ItsFunction<string>) as string[];
  const kinds = tokens.out(its.type) as string[];
  const spaces = tokens.out(its.precedingSpaces) as string[];
  const stops = tokens.out(its.stopWordFlag) as boolean[];

  const entities: Array<string | undefined> = new Array<string | undefined>(texts.length).fill(undefined);
  doc.entities().each((entity: ItemEntity) => {
    const type = entity.out(its.type);
    entity.tokens().each((token: ItemToken) => {
      entities[token.index()] = type;
    });
  });

  const all: Token[] = texts.map((t, i) => ({
    text: t,
    pre: spaces[i] ?? '',
    pos: pos[i] ?? 'X',
    lemma: (lemmas[i] ?? t).toLowerCase(),
    kind: kinds[i] ?? 'word',
    entity: entities[i],
    stop: stops[i] ?? false,
    quoted: false,
  }));
  markQuoted(all);

  const sentences: Sentence[] = [];
  doc.sentences().each((sentence: ItemSentence) => {
    const st = sentence.tokens();
    const start = st.itemAt(0).index();
    const list = all.slice(start, start + st.length()).filter((t) => t.pos !== 'SPACE');
    if (list.length > 0) sentences.push(list);
  });
  return sentences;
}

/** Straight quotes toggle; curly quotes open and close. Quotes may span sentences, so this runs per line. */
function markQuoted(tokens: Token[]): void {
  let inside = false;
  for (const token of tokens) {
    if (token.text === '"') {
      inside = !inside;
      token.quoted = true;
    } else if (token.text === '\u201c') {
      inside = true;
      token.quoted = true;
    } else if (token.text === '\u201d') {
      inside = false;
      token.quoted = true;
    } else {
      token.quoted = inside;
    }
  }
}

/**
 * wink tags most capitalised sentence openers as names ("Studies/PROPN show…", "Urban/PROPN gardening…").
 * When `isCommonWord` says the opener is an ordinary word, its tag and lemma are taken from a second
 * reading of the sentence with the opener in lower case; the text keeps its capital.
 */
export function retagSentenceStart(sentence: Sentence, isCommonWord: (word: string) => boolean): void {
  const first = sentence[0];
  if (first?.pos !== 'PROPN' || !isWord(first) || !isCommonWord(first.text)) return;
  // A capitalised word before a name is a title that belongs to it ("Mayor Lisa Chen", "Professor Hart").
  if (/^\p{Lu}/u.test(sentence[1]?.text ?? '')) return;
  const lowered = renderSentence(sentence).replace(/^\p{Lu}/u, (c) => c.toLowerCase());
  const again = analyseLine(lowered)[0]?.[0];
  if (!again || again.pos === 'PROPN') return;
  sentence[0] = { ...first, pos: again.pos, lemma: again.lemma, stop: again.stop };
}

/** Renders tokens back to text; the first token's leading whitespace is dropped. */
export function renderSentence(tokens: readonly Token[]): string {
  let out = '';
  tokens.forEach((token, i) => {
    out += (i === 0 ? '' : token.pre) + token.text;
  });
  return out;
}

/** Splits plain text into sentences with wink (used by the tone pass and by tests). */
export function splitSentences(text: string): string[] {
  return analyse(text).flatMap((line) => line.sentences.map(renderSentence));
}

/** A token that is a word a reader would recognise as one (not punctuation, number, symbol or URL). */
export function isWord(token: Token): boolean {
  return token.kind === 'word' && /^[A-Za-z][A-Za-z'’-]*$/.test(token.text);
}
