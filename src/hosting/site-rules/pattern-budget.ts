import { isScannedPattern, type ParsedPattern, type SegmentMatcher } from './path-pattern';

/**
 * What bounds a request's matching work once the rule count is uncapped (see SegmentTrie). A request
 * walks the pattern tree visiting each node at most once: at a node it follows the one literal edge equal
 * to its segment, and every placeholder edge. So the most nodes any request can visit is
 * visits(node) = 1 + max(visits(literal child)) + visits(placeholder children), which this keeps for the
 * tree the rules build, as they are read: `/blog-1/:slug` … `/blog-45000/:slug` cost 3, while rules
 * stacking placeholders under one path add up. Patterns tried in turn at a node (globs, placeholders
 * inside a segment) each cost up to one scan of the path and are counted apart. Rules that would pass
 * either cap are skipped with a warning.
 */
export interface PatternCaps {
  /** Most tree nodes one request may visit. */
  visits: number;
  /** Patterns with a `*` other than a trailing `/*` or `/:name*`, or a placeholder inside a segment. */
  scanned: number;
}

export type CapName = keyof PatternCaps;

export const CAP_WORDS: Record<CapName, string> = {
  visits: 'pattern-tree steps one request may take (placeholders under the same path add up)',
  scanned: 'patterns with a * before the end or a placeholder inside a segment',
};

class Node {
  visits = 1;
  /** Largest `visits` among literal children. */
  maxLiteral = 0;
  readonly literal = new Map<string, Node>();
  /** Placeholder children by shape (`:name` of any name is one edge; templates by their literal text). */
  readonly placeholder = new Map<string, Node>();
}

const edgeKey = (s: Exclude<SegmentMatcher, { kind: 'literal' }>) => (s.kind === 'param' ? ':' : `t${s.lits.join('\0')}`);

export class PatternBudget {
  private readonly root = new Node();
  private scanned = 0;

  constructor(private readonly caps: PatternCaps) {}

  /** Most nodes one request can visit in the tree of the patterns admitted so far. */
  get visits(): number {
    return this.root.visits;
  }

  /** The cap the pattern would pass (it is then not counted), or null when it fits (and is counted). */
  admit(parsed: ParsedPattern): CapName | null {
    const scanned = isScannedPattern(parsed);
    if (scanned && this.scanned >= this.caps.scanned) return 'scanned';
    if (this.grow(parsed, false) > this.caps.visits) return 'visits';
    this.grow(parsed, true);
    if (scanned) this.scanned++;
    return null;
  }

  /** The root's visits once the pattern is in the tree; `commit` puts it there. */
  private grow(parsed: ParsedPattern, commit: boolean): number {
    const path: { node: Node; literal: boolean }[] = [];
    let node: Node | undefined = this.root;
    let depth = 0;
    for (; depth < parsed.head.length; depth++) {
      const s = parsed.head[depth]!;
      const next: Node | undefined = s.kind === 'literal' ? node.literal.get(s.text) : node.placeholder.get(edgeKey(s));
      if (!next) break;
      path.push({ node, literal: s.kind === 'literal' });
      node = next;
    }
    if (depth === parsed.head.length) return this.root.visits;
    // The new chain below `node`: each of its nodes has one child, so it visits its own length.
    let childVisits = parsed.head.length - depth;
    const first = parsed.head[depth]!;
    let viaLiteral = first.kind === 'literal';
    let oldChild = 0;
    if (commit) {
      let chain = node;
      for (let d = depth; d < parsed.head.length; d++) {
        const s = parsed.head[d]!;
        const made = new Node();
        made.visits = parsed.head.length - d;
        if (s.kind === 'literal') chain.literal.set(s.text, made);
        else chain.placeholder.set(edgeKey(s), made);
        if (chain !== node) chain.maxLiteral = s.kind === 'literal' ? made.visits : 0;
        chain = made;
      }
    }
    // Up the existing path: each node's visits change by what its child's change is worth to it.
    let at: Node = node;
    for (;;) {
      const maxLiteral = viaLiteral ? Math.max(at.maxLiteral, childVisits) : at.maxLiteral;
      const visits = at.visits - at.maxLiteral + maxLiteral + (viaLiteral ? 0 : childVisits - oldChild);
      oldChild = at.visits;
      childVisits = visits;
      if (commit) {
        at.maxLiteral = maxLiteral;
        at.visits = visits;
      }
      const up = path.pop();
      if (!up) return visits;
      viaLiteral = up.literal;
      at = up.node;
    }
  }
}
