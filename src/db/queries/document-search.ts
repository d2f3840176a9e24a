import { sql } from 'drizzle-orm';
import type { RetrievedPassage } from '../../engines/filechat/types';
import type { DbOrTx } from '../client';

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

/**
 * The passages of one document that best match a question. Full text search in the document's own
 * language configuration ranks passages by the question's terms (any of them, by cover density); terms it
 * cannot match at all (misspellings, names its dictionary mangles, partial words) are looked up by trigram
 * word similarity instead. Two statements at most, both on the document's indexes.
 */
export async function searchPassages(
  db: DbOrTx,
  doc: { id: string; searchConfig: string },
  question: string,
  terms: readonly string[],
  limit = 8,
): Promise<RetrievedPassage[]> {
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
  let missing: string[] = [];
  for (const row of fullText) {
    missing = row.missing ?? [];
    if (row.ordinal !== null) byOrdinal.set(row.ordinal, { ...row, score: Number(row.score) });
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
    // A passage found both ways gains both; ts_rank_cd and similarity are both roughly 0..1 here.
    for (const row of fuzzy) {
      const seen = byOrdinal.get(row.ordinal);
      const score = Number(row.score) * 0.5;
      byOrdinal.set(row.ordinal, seen ? { ...seen, score: seen.score + score } : { ...row, score });
    }
  }
  return [...byOrdinal.values()]
    .sort((a, b) => b.score - a.score || a.ordinal - b.ordinal)
    .slice(0, limit)
    .map((r) => ({
      page: r.page,
      ...(r.row_end !== null ? { rowEnd: r.row_end } : {}),
      ...(r.heading ? { heading: r.heading } : {}),
      content: r.content,
      score: r.score,
    }));
}
