import { insertPassages } from '../db/queries/documents';
import type { DbOrTx } from '../db/client';
import { textSearchConfigFor } from '../engines/documents/language';
import { embed, toBytes } from '../engines/embeddings';
import { moreThan, tooManyPassages } from '../engines/documents/limits';
import type { Passage } from '../engines/documents/types';

/** Enough text to tell a language by its stop words. */
const LANGUAGE_SAMPLE_CHARS = 20_000;
const BATCH = 200;

/**
 * Streams a document's passages into Postgres in batches. The text search configuration must be known
 * before the first vector is computed, so passages are held back until enough text was seen to tell the
 * language (or the document ended).
 */
export class PassageWriter {
  private pending: Passage[] = [];
  private sample = '';
  private config: string | null = null;
  private written = 0;

  constructor(
    private readonly db: DbOrTx,
    private readonly doc: { documentId: string; accountId: string },
    /** The engine thread counts a document's passages before sending them; this holds for recognized pages too. */
    private readonly maxPassages = Number.POSITIVE_INFINITY,
  ) {}

  get count(): number {
    return this.written + this.pending.length;
  }

  get searchConfig(): string {
    return this.config ?? textSearchConfigFor(this.sample);
  }

  async add(passages: readonly Passage[]): Promise<void> {
    if (this.count + passages.length > this.maxPassages) throw tooManyPassages(moreThan(this.maxPassages), this.maxPassages);
    for (const p of passages) {
      this.pending.push(p);
      if (this.config === null && this.sample.length < LANGUAGE_SAMPLE_CHARS) this.sample += `${p.content}\n`;
    }
    if (this.config === null && this.sample.length >= LANGUAGE_SAMPLE_CHARS) this.config = textSearchConfigFor(this.sample);
    if (this.config !== null && this.pending.length >= BATCH) await this.flush();
  }

  /** Writes what is left; returns the configuration every passage was indexed with. */
  async finish(): Promise<string> {
    const config = (this.config ??= textSearchConfigFor(this.sample));
    await this.flush();
    return config;
  }

  private async flush(): Promise<void> {
    const config = this.config!;
    while (this.pending.length > 0) {
      // Tens of microseconds a passage (static word vectors): cheap enough for the ingesting thread. CSV
      // passages (runs of rows, `rowEnd` set) get none: the planner answers questions about the data, and
      // twenty rows of figures and codes have little meaning a word vector holds.
      const batch = this.pending
        .splice(0, BATCH)
        .map((p) => (p.rowEnd !== undefined ? p : { ...p, embedding: toBytes(embed(p.heading ? `${p.heading}\n${p.content}` : p.content)) }));
      await insertPassages(this.db, { ...this.doc, searchConfig: config }, this.written, batch);
      this.written += batch.length;
    }
  }
}
