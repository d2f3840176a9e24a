import { isScannedPattern, type ParsedPattern } from './path-pattern';

/**
 * What bounds a request's matching work once rules are uncapped (see SegmentTrie): the tree's placeholder
 * edges (a request visits at most (edges + 1) × (depth + 1) nodes) and the patterns tried in turn at a node
 * (globs and in-segment placeholders, each costing at most one scan of the path). Rules that would pass
 * either cap are skipped with a warning; plain paths and literal-headed patterns are not limited by them.
 */
export interface PatternCaps {
  /** Distinct placeholder edges of the tree (`/users/:id` and `/users/:id/posts` share one). */
  placeholderEdges: number;
  /** Patterns with a `*` other than a trailing `/*` or `/:name*`, or a placeholder inside a segment. */
  scanned: number;
}

export type CapName = keyof PatternCaps;

export class PatternBudget {
  private readonly edges = new Set<string>();
  private scanned = 0;

  constructor(private readonly caps: PatternCaps) {}

  /** The cap the pattern would pass (it is then not counted), or null when it fits (and is counted). */
  admit(parsed: ParsedPattern): CapName | null {
    const scanned = isScannedPattern(parsed);
    if (scanned && this.scanned >= this.caps.scanned) return 'scanned';
    const fresh: string[] = [];
    let key = '';
    for (const s of parsed.head) {
      // NUL cannot occur in a rule line, so the keys are unambiguous.
      if (s.kind === 'literal') key += `\0/${s.text}`;
      else {
        key += s.kind === 'param' ? '\0:' : `\0t${s.lits.join('\0:')}`;
        if (!this.edges.has(key)) fresh.push(key);
      }
    }
    if (this.edges.size + fresh.length > this.caps.placeholderEdges) return 'placeholderEdges';
    for (const k of fresh) this.edges.add(k);
    if (scanned) this.scanned++;
    return null;
  }
}

export const CAP_WORDS: Record<CapName, string> = {
  placeholderEdges: 'distinct placeholder positions (a :name segment after a different path)',
  scanned: 'patterns with a * before the end or a placeholder inside a segment',
};
