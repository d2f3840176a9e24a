import { stemmer } from 'stemmer';
import type { SensesOf } from './sentence-align';
import type { AnalyzedText, Breakdown, Passage } from './types';

/**
 * Passages of one source whose query ranges overlap or touch become one (a fingerprint passage inside
 * paraphrased sentences, or sentence passages either side of one). Strongest first.
 */
export function mergePassages(passages: readonly Passage[]): Passage[] {
  const sorted = [...passages].sort((a, b) => a.qStart - b.qStart || b.qEnd - a.qEnd);
  const out: Passage[] = [];
  for (const p of sorted) {
    const last = out[out.length - 1];
    if (last && p.qStart <= last.qEnd) {
      out[out.length - 1] = {
        qStart: last.qStart,
        qEnd: Math.max(last.qEnd, p.qEnd),
        sStart: Math.min(last.sStart, p.sStart),
        sEnd: Math.max(last.sEnd, p.sEnd),
        matched: last.matched + p.matched,
        similarity: Math.max(last.similarity, p.similarity),
        seeds: last.seeds + p.seeds,
        sentences: (last.sentences ?? 0) + (p.sentences ?? 0),
      };
    } else out.push({ ...p });
  }
  return out.sort((a, b) => b.matched - a.matched || a.qStart - b.qStart);
}

/** Edit distance, for irregular forms that share a key but not a stem (ran/run). Short words only. */
function closeSpelling(a: string, b: string): boolean {
  if (Math.abs(a.length - b.length) > 2) return false;
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    for (let j = 1; j <= b.length; j++) cur[j] = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    prev = cur;
  }
  return prev[b.length]! <= 2;
}

export interface PassageWords {
  breakdown: Breakdown;
  /** Query words of the passage with a counterpart in the source range: the same word, its stem, its key or a synonym. */
  matched: number;
}

/**
 * How each content word of the passage's query range relates to the words of its source range, taken as a
 * bag (sentences may be reordered): identical (the same word), lightly changed (same stem, or the same key
 * spelt within two letters), else paraphrased (a synonym, or a word of the submission's own).
 */
export function passageWords(query: AnalyzedText, source: AnalyzedText, p: Passage, sensesOf: SensesOf): PassageWords {
  const words = new Set<string>();
  const stems = new Set<string>();
  const keys = new Map<string, string[]>();
  // The source range's senses as two sets, so each query word is checked in time of its own senses.
  const firstSenses = new Set<string>();
  const allSenses = new Set<string>();
  for (let j = p.sStart; j < p.sEnd; j++) {
    const w = source.words[j]!;
    if (words.has(w)) continue;
    words.add(w);
    stems.add(stemmer(w));
    const list = keys.get(source.keys[j]!);
    if (list) list.push(w);
    else keys.set(source.keys[j]!, [w]);
    const senses = sensesOf(w);
    for (const id of senses.first) firstSenses.add(id);
    for (const id of senses.all) allSenses.add(id);
  }
  const synonymInSource = (w: string) => {
    const senses = sensesOf(w);
    return senses.first.some((id) => allSenses.has(id)) || senses.all.some((id) => firstSenses.has(id));
  };
  let identical = 0;
  let light = 0;
  let related = 0;
  for (let i = p.qStart; i < p.qEnd; i++) {
    const w = query.words[i]!;
    if (words.has(w)) identical++;
    else if (stems.has(stemmer(w)) || keys.get(query.keys[i]!)?.some((s) => closeSpelling(s, w))) light++;
    else if (keys.has(query.keys[i]!) || synonymInSource(w)) related++;
  }
  const total = p.qEnd - p.qStart;
  if (total <= 0) return { breakdown: { identical: 0, lightlyChanged: 0, paraphrased: 0 }, matched: 0 };
  return {
    breakdown: { identical: identical / total, lightlyChanged: light / total, paraphrased: (total - identical - light) / total },
    matched: identical + light + related,
  };
}
