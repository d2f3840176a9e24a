import type { ParsedPattern, SegmentMatcher } from './path-pattern';

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
  /** Most patterns one request may try in turn (a `*` before the end, a placeholder inside a segment). */
  scanned: number;
}

export type CapName = keyof PatternCaps;

export const CAP_WORDS: Record<CapName, string> = {
  visits: 'pattern-tree steps one request may take (placeholders under the same path add up)',
  scanned: 'patterns one request may try in turn (a * before the end or a placeholder inside a segment, under the same path)',
};

/** Worst-case work below a node for one request: nodes visited, and patterns tried in turn (globs, templates). */
interface Cost {
  visits: number;
  scans: number;
}

class Node {
  cost: Cost = { visits: 1, scans: 0 };
  /** Largest visits and scans among literal children (a request follows one of them). */
  maxLiteral: Cost = { visits: 0, scans: 0 };
  readonly literal = new Map<string, Node>();
  /** Placeholder children by shape (`:name` of any name is one edge; templates by their literal text). */
  readonly placeholder = new Map<string, Node>();
}

type Placeholder = Exclude<SegmentMatcher, { kind: 'literal' }>;
const edgeKey = (s: Placeholder) => (s.kind === 'param' ? ':' : `t${s.lits.join('\0')}`);
const tried = (s: SegmentMatcher) => (s.kind === 'template' ? 1 : 0);

export class PatternBudget {
  private readonly root = new Node();

  constructor(private readonly caps: PatternCaps) {}

  /** Worst-case work of one request in the tree of the patterns admitted so far. */
  get worst(): Cost {
    return { ...this.root.cost };
  }

  /** The cap the pattern would pass (it is then left out), or null when it fits (and is added). */
  admit(parsed: ParsedPattern): CapName | null {
    const { head } = parsed;
    const glob = parsed.tail.kind === 'glob' ? 1 : 0;
    const path: Node[] = [this.root];
    let depth = 0;
    for (; depth < head.length; depth++) {
      const s = head[depth]!;
      const next = s.kind === 'literal' ? path[depth]!.literal.get(s.text) : path[depth]!.placeholder.get(edgeKey(s));
      if (!next) break;
      path.push(next);
    }
    // The new chain for head[depth…] (empty when the whole head exists): each node has one child.
    const chain: Cost[] = [];
    for (let j = head.length - 1, below: Cost | null = null; j >= depth; j--) {
      const cost: Cost = below ? { visits: 1 + below.visits, scans: below.scans + tried(head[j + 1]!) } : { visits: 1, scans: glob };
      chain.unshift(cost);
      below = cost;
    }
    // New costs up the existing path: a literal child counts through the max, a placeholder child adds up.
    const updates: { node: Node; cost: Cost; maxLiteral: Cost }[] = [];
    let child: { cost: Cost; old: Cost; edge: SegmentMatcher } | null =
      chain.length > 0 ? { cost: chain[0]!, old: { visits: 0, scans: 0 }, edge: head[depth]! } : null;
    for (let i = path.length - 1; i >= 0; i--) {
      const node = path[i]!;
      const maxLiteral = { ...node.maxLiteral };
      const cost = { ...node.cost };
      if (child === null) cost.scans += glob;
      else if (child.edge.kind === 'literal') {
        maxLiteral.visits = Math.max(maxLiteral.visits, child.cost.visits);
        maxLiteral.scans = Math.max(maxLiteral.scans, child.cost.scans);
        cost.visits += maxLiteral.visits - node.maxLiteral.visits;
        cost.scans += maxLiteral.scans - node.maxLiteral.scans;
      } else {
        cost.visits += child.cost.visits - child.old.visits;
        cost.scans += child.cost.scans - child.old.scans + (child.old.visits === 0 ? tried(child.edge) : 0);
      }
      updates.push({ node, cost, maxLiteral });
      child = i > 0 ? { cost, old: node.cost, edge: head[i - 1]! } : null;
    }
    const root = updates[updates.length - 1]!.cost;
    if (root.scans > this.caps.scanned) return 'scanned';
    if (root.visits > this.caps.visits) return 'visits';
    for (const u of updates) {
      u.node.cost = u.cost;
      u.node.maxLiteral = u.maxLiteral;
    }
    let at = path[path.length - 1]!;
    for (let j = depth; j < head.length; j++) {
      const made = new Node();
      made.cost = chain[j - depth]!;
      const s = head[j]!;
      if (s.kind === 'literal') at.literal.set(s.text, made);
      else at.placeholder.set(edgeKey(s), made);
      if (j > depth) at.maxLiteral = s.kind === 'literal' ? { ...made.cost } : { visits: 0, scans: 0 };
      at = made;
    }
    return null;
  }
}
