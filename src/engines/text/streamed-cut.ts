import { countTokens, truncateToTokens } from './tokens';

/**
 * Streamed model output is handed out only as far as it will survive the answer's final trim and its cut
 * to `maxTokens`, so what a reader has seen is always the start of the final text: whole words only (the
 * last one may still grow), leading whitespace dropped, and nothing past the token budget.
 */
export class StreamedCut {
  private raw = '';
  private handedOut = '';
  private handedOutTokens = 0;
  private full = false;

  constructor(private readonly maxTokens: number) {}

  /** Adds a chunk of model output; returns what may be handed out now ('' for nothing). */
  push(chunk: string): string {
    this.raw += chunk;
    if (this.full) return '';
    const body = this.raw.trimStart();
    const end = lastWordEnd(body);
    if (end <= this.handedOut.length) return '';
    const piece = body.slice(this.handedOut.length, end);
    // o200k splits before a space-led word, so pieces cut there count the same apart as together.
    const tokens = countTokens(piece);
    if (this.handedOutTokens + tokens > this.maxTokens) {
      this.full = true;
      return '';
    }
    this.handedOut += piece;
    this.handedOutTokens += tokens;
    return piece;
  }

  /** The final text, trimmed and cut like a whole answer, and the rest of it not handed out yet. */
  finish(): { raw: string; text: string; rest: string } {
    const raw = this.raw.trim();
    let text = truncateToTokens(raw, this.maxTokens);
    // A cut at a sentence end can fall before words already handed out; those words stand.
    if (!text.startsWith(this.handedOut)) text = this.handedOut;
    return { raw, text, rest: text.slice(this.handedOut.length) };
  }
}

/** The index just after the last word that whitespace follows: the part of `text` that can no longer change. */
function lastWordEnd(text: string): number {
  let i = text.length;
  while (i > 0 && !/\s/.test(text[i - 1]!)) i--;
  while (i > 0 && /\s/.test(text[i - 1]!)) i--;
  return i;
}
