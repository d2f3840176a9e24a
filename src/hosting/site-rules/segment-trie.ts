import { isPlaceholderSegment, normalisePath } from './path-pattern';

/**
 * Dynamic rule patterns (`/blog/*`, `/users/:id`, `/:lang/guide*`) compiled into one tree keyed by path
 * segment, so matching a request walks the path once instead of running every rule's regex over it.
 *
 * Bound: each node of the tree is reached by exactly one sequence of edges (a literal segment or "any
 * segment"), and a request's path fixes the segment at each depth, so a match visits every node at most
 * once. The work per request is therefore at most the tree's node count (no more than the rules' segments
 * in total) plus one pass over the path down to the tree's depth: it does not grow with rules × segments,
 * a path longer than the deepest rule is never split further, and a segment longer than every literal is
 * never hashed.
 */

export interface TrieMatch<T> {
  value: T;
  /** Captured values by name; a splat is `splat`. */
  values: Record<string, string>;
}

/** Counts the nodes a match visited (tests and benches check the bound with it). */
export interface TrieWork {
  nodes: number;
}

interface Leaf<T> {
  value: T;
  /** Placeholder names in capture order, then `splat` when the pattern has one. */
  names: string[];
}

interface PrefixLeaf<T> extends Leaf<T> {
  /** `/blog*`: the text the next segment must start with. */
  prefix: string;
}

const NO_MATCHES: never[] = [];

class TrieNode<T> {
  literal: Map<string, TrieNode<T>> | undefined;
  /** Any one non-empty segment (`:name`). */
  param: TrieNode<T> | undefined;
  /** Patterns that end at this node. */
  end: Leaf<T>[] = [];
  /** `…/*`: this node's path itself or anything below it. */
  rest: Leaf<T>[] = [];
  /** `…/text*`: the next segment starts with the text; the splat is the rest of the path after it. */
  prefix: PrefixLeaf<T>[] = [];
  /** `…/:name*`: any non-empty next segment (the placeholder), the splat is the rest after it. */
  paramRest: Leaf<T>[] = [];
}

function capture<T>(leaf: Leaf<T>, captures: readonly string[], splat?: string): TrieMatch<T> {
  const values: Record<string, string> = {};
  const { names } = leaf;
  const placeholders = splat === undefined ? names.length : names.length - 1;
  for (let i = 0; i < placeholders; i++) values[names[i]!] = captures[i]!;
  if (splat !== undefined) values.splat = splat;
  return { value: leaf.value, values };
}

export class SegmentTrie<T> {
  private readonly root = new TrieNode<T>();
  private depth = 0;
  private count = 1;
  /** Longest literal segment: a longer path segment cannot match one, and is not hashed for the look-up. */
  private longestLiteral = 0;
  size = 0;

  /** Nodes in the tree: the most a match can visit. */
  get nodeCount(): number {
    return this.count;
  }

  /** Adds a dynamic pattern (one `patternProblem` accepts and `compilePattern` calls non-static). */
  add(pattern: string, value: T): void {
    const splat = pattern.endsWith('*');
    const body = splat ? pattern.slice(0, -1) : normalisePath(pattern);
    const restSplat = splat && body.endsWith('/');
    const segments = body.split('/').slice(1);
    if (restSplat) segments.pop();
    const partial = splat && !restSplat ? segments.pop()! : undefined;
    const names: string[] = [];
    let node = this.root;
    for (const segment of segments) {
      if (isPlaceholderSegment(segment)) {
        names.push(segment.slice(1));
        node = node.param ?? (node.param = this.node());
      } else {
        node.literal ??= new Map();
        this.longestLiteral = Math.max(this.longestLiteral, segment.length);
        let next = node.literal.get(segment);
        if (!next) node.literal.set(segment, (next = this.node()));
        node = next;
      }
    }
    this.depth = Math.max(this.depth, segments.length);
    this.size++;
    if (!splat) node.end.push({ value, names });
    else if (partial === undefined) node.rest.push({ value, names: [...names, 'splat'] });
    else if (isPlaceholderSegment(partial)) node.paramRest.push({ value, names: [...names, partial.slice(1), 'splat'] });
    else node.prefix.push({ value, prefix: partial, names: [...names, 'splat'] });
  }

  private node(): TrieNode<T> {
    this.count++;
    return new TrieNode<T>();
  }

  // Scratch state of the match in progress (matching is synchronous, so one set per tree is enough).
  private path = '';
  private out: TrieMatch<T>[] = NO_MATCHES;
  private work: TrieWork | undefined;
  /** Segment d of the path and where it ends: split once per depth, and only as deep as the tree goes. */
  private readonly segments: string[] = [];
  private readonly ends: number[] = [];
  private readonly captures: string[] = [];

  /** Every pattern matching a normalised path, in no particular order, appended to `out`. */
  match(path: string, out: TrieMatch<T>[], work?: TrieWork): void {
    if (this.size === 0) return;
    this.path = path;
    this.out = out;
    this.work = work;
    this.captures.length = 0;
    this.segments.length = 0;
    this.walk(this.root, 0, 0);
    // Nothing of the request is kept past the match.
    this.path = '';
    this.out = NO_MATCHES;
    this.work = undefined;
    this.segments.length = 0;
  }

  private walk(node: TrieNode<T>, depth: number, pos: number): void {
    const { path, out, captures } = this;
    if (this.work) this.work.nodes++;
    const atEnd = pos >= path.length;
    if (atEnd) for (let i = 0; i < node.end.length; i++) out.push(capture(node.end[i]!, captures));
    for (let i = 0; i < node.rest.length; i++) out.push(capture(node.rest[i]!, captures, atEnd ? '' : path.slice(pos + 1)));
    if (atEnd) return;
    let segment = this.segments[depth];
    let end = this.ends[depth]!;
    if (segment === undefined) {
      const slash = path.indexOf('/', pos + 1);
      end = slash === -1 ? path.length : slash;
      segment = path.slice(pos + 1, end);
      this.segments[depth] = segment;
      this.ends[depth] = end;
    }
    for (let i = 0; i < node.prefix.length; i++) {
      const leaf = node.prefix[i]!;
      if (segment.startsWith(leaf.prefix)) out.push(capture(leaf, captures, path.slice(pos + 1 + leaf.prefix.length)));
    }
    if (segment === '') {
      const next = depth < this.depth ? node.literal?.get(segment) : undefined;
      if (next) this.walk(next, depth + 1, end);
      return;
    }
    if (node.paramRest.length > 0) {
      captures.push(segment);
      for (let i = 0; i < node.paramRest.length; i++) out.push(capture(node.paramRest[i]!, captures, path.slice(end)));
      captures.pop();
    }
    if (depth >= this.depth) return;
    const next = segment.length <= this.longestLiteral ? node.literal?.get(segment) : undefined;
    if (next) this.walk(next, depth + 1, end);
    if (node.param) {
      captures.push(segment);
      this.walk(node.param, depth + 1, end);
      captures.pop();
    }
  }
}
