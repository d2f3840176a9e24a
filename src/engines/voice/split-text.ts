/**
 * Cuts arbitrarily long text into chunks the synthesiser takes one at a time. Lazy by design: a
 * 20,000-word text is walked once, front to back, and only the current chunk exists as a new string
 * (slices of the input), so memory stays O(chunk) however long the input.
 */

export interface TextChunk {
  /** The chunk, trimmed; never empty. */
  text: string;
  /** Offsets of the chunk in the input (end exclusive), for progress reporting. */
  start: number;
  end: number;
}

/**
 * Chunk size no longer matters much for speed: espeak runs in one reused instance (espeak-process.ts),
 * so a chunk costs ~10–20 ms of espeak start-up on top of ~60 ms of synthesis per 1,000 characters,
 * and a 600-word text took the same time, within noise, at caps from 1,000 to 4,000. (With a fresh
 * instance per chunk, 300/1,000/2,000/3,000/4,000 took 581/253/192/187/166 ms of synthesis.) What
 * it does decide is how long the event loop is held: a chunk is synthesised and encoded in one
 * synchronous run, ~0.1 s per 1,000 characters for espeak plus ~2.5 ms per second of audio for the
 * MP3 encoder, so ~0.5 s at 2,000; and how often progress and cancellation are seen.
 */
export const DEFAULT_MAX_CHUNK_CHARS = 2000;

/**
 * Sentence ends: `.!?…` (and the Greek question mark) followed by space or the end, so `3.14` and
 * `example.com` stay whole; CJK full stops, which need no space; the Arabic question mark and Urdu
 * full stop; the Devanagari danda; and blank lines (paragraph ends, even without punctuation).
 */
const SENTENCE_END = /(?:[.!?…\u037e]+["'”’»)\]]*(?=\s|$)|[。！？｡]+[」』”’）)]*|[؟۔]|[।॥]+|\n[ \t\r\f\v]*\n)/gu;

/** Places a too-long sentence may be cut, best first: after clause punctuation, then at any space. */
const CLAUSE_END = /[,،、，；：:—–)\]]["'”’»]*\s+|[、，；：]/gu;
const SPACE = /\s+/gu;

/** Characters of scripts written without spaces, where a cut between two characters splits no word. */
const UNSPACED = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}]/u;

/**
 * Yields chunks of whole sentences, each at most `maxChars` long, greedily: a chunk ends at the last
 * sentence end that fits. When none fits (one sentence longer than the cap), it ends at the last
 * clause boundary that fits, else the last space; text in scripts without spaces (CJK) is cut
 * between characters. Only a single "word" longer than `maxChars` is ever cut mid-word. Each step
 * looks at `maxChars + 1` characters at most, so even text without punctuation costs O(chunk) per
 * chunk. Whitespace-only stretches produce nothing.
 */
export function* splitText(text: string, opts: { maxChars?: number } = {}): Generator<TextChunk, void, undefined> {
  const maxChars = Math.max(1, Math.floor(opts.maxChars ?? DEFAULT_MAX_CHUNK_CHARS));
  for (let pos = skipSpace(text, 0); pos < text.length; pos = skipSpace(text, pos)) {
    if (text.length - pos <= maxChars) {
      yield chunkAt(text, pos, text.length);
      return;
    }
    // One character past the cap, so a sentence end right at the cap can see what follows it.
    const window = text.slice(pos, pos + maxChars + 1);
    const sentence = lastMatchEnd(SENTENCE_END, window, 1, maxChars);
    const end = sentence > 0 ? pos + sentence : cutPoint(text, pos, window, maxChars);
    const chunk = chunkAt(text, pos, end);
    if (chunk.text) yield chunk;
    pos = end;
  }
}

/** Where to end a piece of at most `maxChars` starting at `start`, when no sentence end fits. */
function cutPoint(text: string, start: number, window: string, maxChars: number): number {
  const limit = start + maxChars;
  // Prefer a clause boundary in the second half of the window, so pieces do not come out tiny.
  const clause = lastMatchEnd(CLAUSE_END, window, Math.floor(maxChars / 2), maxChars);
  if (clause > 0) return start + clause;
  const space = lastMatchEnd(SPACE, window, 1, maxChars);
  if (space > 0) return start + space;
  // No space at all: between two characters of an unspaced script no word is split; failing that
  // the "word" itself is longer than the cap (a URL, a hash) and has to be cut anyway.
  for (let i = limit; i > start + 1; i--) {
    if (isUnspaced(text, i - 1) || isUnspaced(text, i)) return fixSurrogate(text, i);
  }
  return fixSurrogate(text, limit);
}

/**
 * End offset of the last match of `re` in `s` that ends within [min, max]; 0 if none. A match that
 * runs past `max` only by whitespace counts, ending at `max`: the cut drops that whitespace anyway.
 */
function lastMatchEnd(re: RegExp, s: string, min: number, max: number): number {
  const scan = new RegExp(re.source, re.flags);
  let best = 0;
  for (let m = scan.exec(s); m; m = scan.exec(s)) {
    let end = m.index + m[0].length;
    if (end > max && m.index < max && /^\s*$/u.test(m[0].slice(max - m.index))) end = max;
    if (end >= min && end <= max) best = end;
    if (m[0].length === 0) scan.lastIndex++;
  }
  return best;
}

function isUnspaced(text: string, i: number): boolean {
  const code = text.codePointAt(i);
  return code !== undefined && UNSPACED.test(String.fromCodePoint(code));
}

/** Never cut between the two halves of a surrogate pair. */
function fixSurrogate(text: string, i: number): number {
  const code = text.charCodeAt(i);
  return code >= 0xdc00 && code <= 0xdfff ? i - 1 : i;
}

function chunkAt(text: string, start: number, end: number): TextChunk {
  const s = skipSpace(text, start);
  const e = trimEnd(text, s, end);
  return { text: text.slice(s, e), start: s, end: e };
}

function skipSpace(text: string, i: number): number {
  while (i < text.length && /\s/u.test(text[i] as string)) i++;
  return i;
}

function trimEnd(text: string, start: number, end: number): number {
  while (end > start && /\s/u.test(text[end - 1] as string)) end--;
  return end;
}
