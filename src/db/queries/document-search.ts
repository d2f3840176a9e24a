import { sql } from 'drizzle-orm';
import { cosine, coverage, DIMS, embed } from '../../engines/embeddings';
import type { RetrievedPassage } from '../../engines/filechat/types';
import type { DbOrTx } from '../client';
import { bestCosine, meaningUnits } from '../../engines/embeddings/sentence-encoder';
import { passageVectors } from './passage-vectors';
import { type SentenceVectors, sentenceVectors } from './sentence-vectors';

type PassageHit = {
  ordinal: number;
  page: number;
  row_end: number | null;
  heading: string | null;
  content: string;
  score: number;
};

const FULL_TEXT_LIMIT = 12;
const TRIGRAM_LIMIT = 6;
/** Below this, a fuzzy match of a term is more likely noise than a misspelling. */
const TRIGRAM_THRESHOLD = 0.5;
/** Passages whose averaged vector is nearest the question's, re-ranked by word alignment (`coverage`). */
const SEMANTIC_SHORTLIST = 40;
const SEMANTIC_LIMIT = 12;
/** Below this cosine (static vectors: ~0.2 for unrelated text) a passage is left out of the meaning ranking. */
const SEMANTIC_THRESHOLD = 0.3;
/**
 * Weighted reciprocal rank fusion: a passage's score is the sum over the rankings that found it of
 * weight / (RRF_K + rank). Ranks, not raw scores, because ts_rank_cd, trigram similarity and cosine are on
 * unrelated scales. K = 1 keeps the first places of each ranking decisive, and meaning weighs little, by
 * word vectors or by the sentence encoder alike: it brings in passages the words missed (the answer's
 * sentences are then chosen among them with the encoder's help) rather than reordering those the question's
 * own words ranked. With more weight, a follow-up's right page lost to one merely closer in topic, and on a
 * 500-page book the only passage holding a question's rare word fell out of the eight behind passages that
 * held its commoner word and were near in topic (first source right for 41 of 60 questions at weight 1,
 * 57 at 0.3).
 */
const RRF_K = 1;
const WEIGHTS = { fullText: 1, trigram: 0.5, meaning: 0.3 } as const;
/** Below this cosine the sentence encoder sees no relation (most unrelated sentences score 0.1–0.3 against a question). */
const SENTENCE_THRESHOLD = 0.2;

/**
 * The passages of one document that best match a question, from three rankings fused by weighted
 * reciprocal rank: full text search in the document's own language configuration ranks passages by the
 * question's terms (any of them, by cover density); terms it cannot match at all (misspellings, names its
 * dictionary mangles, partial words) are looked up by trigram word similarity; and the passages nearest the
 * question in meaning (static word vectors, src/engines/embeddings) find those worded unlike the question.
 * Four statements at most, all on the document's own rows.
 */
export async function searchPassages(
  db: DbOrTx,
  doc: { id: string; searchConfig: string },
  question: string,
  terms: readonly string[],
  limit = 8,
  /**
   * The question's sentence vector and the embedder that made it, given when the document's sentence
   * vectors by that embedder are complete.
   */
  asked?: { vector: Float32Array; model: string },
): Promise<RetrievedPassage[]> {
  const questionVector = asked?.vector;
  const config = doc.searchConfig;
  // The question's content words, not its wording: "mentioned", "tell", "document" would otherwise rank passages too.
  const query = terms.length > 0 ? terms.join(' ') : question;
  const fullText = await db.execute<PassageHit & { missing: string[] | null; [k: string]: unknown }>(sql`
    WITH q AS (
      SELECT nullif(replace(plainto_tsquery(${config}::regconfig, ${query})::text, ' & ', ' | '), '')::tsquery AS tq
    ),
    hits AS (
      SELECT p.ordinal, p.page, p.row_end, p.heading, p.content, ts_rank_cd(p.tsv, q.tq, 1) AS score
      FROM document_passages p, q
      WHERE p.document_id = ${doc.id} AND q.tq IS NOT NULL AND p.tsv @@ q.tq
      ORDER BY score DESC, p.ordinal
      LIMIT ${FULL_TEXT_LIMIT}
    ),
    missing AS (
      SELECT array_agg(t.term) AS terms FROM unnest(${sql.param(terms as string[])}::text[]) AS t(term)
      WHERE numnode(plainto_tsquery(${config}::regconfig, t.term)) > 0
        AND NOT EXISTS (
          SELECT 1 FROM document_passages p
          WHERE p.document_id = ${doc.id} AND p.tsv @@ plainto_tsquery(${config}::regconfig, t.term)
        )
    )
    SELECT hits.*, missing.terms AS missing FROM missing LEFT JOIN hits ON true`);

  const byOrdinal = new Map<number, PassageHit>();
  const fused = new Map<number, number>();
  const vote = (ordinal: number, rank: number, weight: number) => fused.set(ordinal, (fused.get(ordinal) ?? 0) + weight / (RRF_K + rank));
  let missing: string[] = [];
  let rank = 0;
  for (const row of fullText) {
    missing = row.missing ?? [];
    if (row.ordinal === null) continue;
    byOrdinal.set(row.ordinal, row);
    vote(row.ordinal, rank++, WEIGHTS.fullText);
  }
  const fuzzyTerms = missing.filter((t) => t.length >= 4);
  if (fuzzyTerms.length > 0) {
    const fuzzy = await db.execute<PassageHit & { [k: string]: unknown }>(sql`
      SELECT p.ordinal, p.page, p.row_end, p.heading, p.content, max(word_similarity(t.term, p.content)) AS score
      FROM unnest(${sql.param(fuzzyTerms)}::text[]) AS t(term)
      JOIN document_passages p ON p.document_id = ${doc.id} AND t.term <% p.content
      WHERE word_similarity(t.term, p.content) >= ${TRIGRAM_THRESHOLD}
      GROUP BY p.ordinal, p.page, p.row_end, p.heading, p.content
      ORDER BY score DESC, p.ordinal
      LIMIT ${TRIGRAM_LIMIT}`);
    fuzzy.forEach((row, i) => {
      if (!byOrdinal.has(row.ordinal)) byOrdinal.set(row.ordinal, row);
      vote(row.ordinal, i, WEIGHTS.trigram);
    });
  }
  const encoded = asked ? await sentenceVectors(db, doc.id, asked.model, asked.vector.length) : undefined;
  const meaning = questionVector ? nearestSentences(encoded!, questionVector) : await nearestInWordVectors(db, doc.id, query);
  const unread = meaning.filter((ordinal) => !byOrdinal.has(ordinal));
  if (unread.length > 0) {
    const rows = await db.execute<PassageHit & { [k: string]: unknown }>(sql`
      SELECT p.ordinal, p.page, p.row_end, p.heading, p.content, 0 AS score
      FROM document_passages p
      WHERE p.document_id = ${doc.id} AND p.ordinal = ANY(${sql.param(unread)}::int[])`);
    for (const row of rows) byOrdinal.set(row.ordinal, row);
  }
  const ranked = questionVector ? meaning : rankByCoverage(query, meaning, byOrdinal);
  ranked.slice(0, SEMANTIC_LIMIT).forEach((ordinal, i) => vote(ordinal, i, WEIGHTS.meaning));

  return [...byOrdinal.values()]
    .map((r) => ({ ...r, score: fused.get(r.ordinal) ?? 0 }))
    .sort((a, b) => b.score - a.score || a.ordinal - b.ordinal)
    .slice(0, limit)
    .map((r) => ({
      page: r.page,
      ...(r.row_end !== null ? { rowEnd: r.row_end } : {}),
      ...(r.heading ? { heading: r.heading } : {}),
      content: r.content,
      score: r.score,
      ...(questionVector ? { sentences: sentenceSimilarities(questionVector, r, encoded!) } : {}),
    }));
}

/** Each unit of the passage (as `meaningUnits` cut it when it was encoded) with its cosine to the question. */
function sentenceSimilarities(question: Float32Array, passage: PassageHit, encoded: SentenceVectors): { text: string; similarity: number }[] {
  const at = binarySearch(encoded.ordinals, passage.ordinal);
  if (at < 0) return [];
  const units = meaningUnits(passage);
  const start = encoded.starts[at]!;
  if (encoded.starts[at + 1]! - start !== units.length) return [];
  return units.map((text, k) => ({ text, similarity: bestCosine(question, encoded.vectors, encoded.norms, start + k, start + k + 1) }));
}

function binarySearch(sorted: Int32Array, value: number): number {
  let lo = 0;
  let hi = sorted.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (sorted[mid] === value) return mid;
    if (sorted[mid]! < value) lo = mid + 1;
    else hi = mid - 1;
  }
  return -1;
}

/**
 * The document's passages closest in meaning to the question, best first: every vector of the document is
 * scored here (there is no vector index; 256 bytes a passage, kept in memory once read).
 */
async function nearestInWordVectors(db: DbOrTx, documentId: string, query: string): Promise<number[]> {
  const asked = embed(query);
  if (cosine(asked, asked) === 0) return [];
  const { ordinals, vectors } = await passageVectors(db, documentId);
  const scored: { ordinal: number; similarity: number }[] = [];
  for (let i = 0; i < ordinals.length; i++) {
    // Stored vectors are unit length × 127 (quantised), so the dot product over 127 is their cosine.
    let dot = 0;
    const base = i * DIMS;
    for (let d = 0; d < DIMS; d++) dot += asked[d]! * vectors[base + d]!;
    const similarity = dot / 127;
    if (similarity >= SEMANTIC_THRESHOLD) scored.push({ ordinal: ordinals[i]!, similarity });
  }
  return scored
    .sort((a, b) => b.similarity - a.similarity || a.ordinal - b.ordinal)
    .slice(0, SEMANTIC_SHORTLIST)
    .map((s) => s.ordinal);
}

/** The word-vector shortlist re-ranked by word alignment (`coverage`), best first. */
function rankByCoverage(query: string, shortlist: readonly number[], byOrdinal: ReadonlyMap<number, PassageHit>): number[] {
  return shortlist
    .flatMap((ordinal) => {
      const hit = byOrdinal.get(ordinal);
      return hit ? [{ ordinal, covered: coverage(query, hit.heading ? `${hit.heading}\n${hit.content}` : hit.content) }] : [];
    })
    .sort((a, b) => b.covered - a.covered || a.ordinal - b.ordinal)
    .map((m) => m.ordinal);
}

/**
 * The passages whose best sentence (or heading) is nearest the question by the sentence encoder, best
 * first: every sentence vector of the document is scored here (no vector index; 512 bytes a sentence,
 * kept in memory once read).
 */
function nearestSentences({ ordinals, starts, vectors, norms }: SentenceVectors, question: Float32Array): number[] {
  const scored: { ordinal: number; similarity: number }[] = [];
  for (let i = 0; i < ordinals.length; i++) {
    const similarity = bestCosine(question, vectors, norms, starts[i]!, starts[i + 1]!);
    if (similarity >= SENTENCE_THRESHOLD) scored.push({ ordinal: ordinals[i]!, similarity });
  }
  return scored
    .sort((a, b) => b.similarity - a.similarity || a.ordinal - b.ordinal)
    .slice(0, SEMANTIC_LIMIT)
    .map((s) => s.ordinal);
}
