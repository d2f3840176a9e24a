/** Delimiters Kiln recognises, in order of preference when two fit equally well. */
export const CSV_DELIMITERS = [',', ';', '\t', '|'] as const;

const SAMPLE_RECORDS = 10;

/**
 * Splits the start of a CSV into records, treating newlines inside double
 * quotes as part of the field. When `complete` is false the text was cut
 * short, so the last (possibly partial) record is dropped.
 */
function sampleRecords(text: string, complete: boolean): string[] {
  const records: string[] = [];
  let start = 0;
  let quoted = false;
  for (let i = 0; i < text.length && records.length <= SAMPLE_RECORDS; i++) {
    const c = text[i];
    if (c === '"') quoted = !quoted;
    else if (c === '\n' && !quoted) {
      records.push(text.slice(start, i));
      start = i + 1;
    }
  }
  if (complete && records.length <= SAMPLE_RECORDS && start < text.length) records.push(text.slice(start));
  return records.map((r) => (r.endsWith('\r') ? r.slice(0, -1) : r)).filter((r) => r.trim() !== '');
}

/** Occurrences of `delimiter` outside double-quoted stretches of one record. */
function countOutsideQuotes(record: string, delimiter: string): number {
  let count = 0;
  let quoted = false;
  for (const c of record) {
    if (c === '"') quoted = !quoted;
    else if (c === delimiter && !quoted) count++;
  }
  return count;
}

/**
 * The delimiter of a CSV sample, or null when the text is not a table: the
 * delimiter must appear in the first record and the same number of times in
 * most of the following ones (up to 10 records; a lone header line is enough).
 * `complete` says whether `text` is the whole file or only its beginning.
 */
export function sniffCsvDelimiter(text: string, complete = true): string | null {
  const records = sampleRecords(text.replace(/^\uFEFF/, ''), complete);
  const [first, ...rest] = records;
  if (first === undefined) return null;
  let best: { delimiter: string; agreeing: number; count: number } | null = null;
  for (const delimiter of CSV_DELIMITERS) {
    const count = countOutsideQuotes(first, delimiter);
    if (count === 0) continue;
    const agreeing = rest.filter((r) => countOutsideQuotes(r, delimiter) === count).length;
    // "Most" lines: a strict majority of the sampled lines after the header.
    if (rest.length > 0 && agreeing * 2 <= rest.length) continue;
    if (!best || agreeing > best.agreeing || (agreeing === best.agreeing && count > best.count)) {
      best = { delimiter, agreeing, count };
    }
  }
  return best?.delimiter ?? null;
}
