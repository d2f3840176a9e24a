import type { Glob, ParsedPattern, SegmentMatcher } from './path-pattern';

/**
 * Dynamic rule patterns compiled into one tree keyed by path segment, so matching a request walks the path
 * once instead of running every rule's regex over it. Nothing here backtracks.
 *
 * Bound: each node is reached by one sequence of edges, and a request's path fixes the segment at each
 * depth, so a match visits every node at most once: at a node it follows the one literal edge equal to
 * its segment and every placeholder edge. The most nodes a request can visit is therefore fixed by the
 * tree's shape, not by the number of rules (45,000 rules `/blog-N/:slug` cost 3 visits); the parsers keep
 * it under a cap as they read the rules (PatternBudget). At a visited node, each `*` pattern (glob) and
 * in-segment placeholder (template) is tried in turn: a glob scans the rest of the path forward once (its
 * literal texts are found leftmost, in order, never revisited), a template scans its segment backward
 * once, so each costs at most the length of what it scans; the parsers cap how many a file has.
 */

export interface TrieMatch<T> {
  value: T;
  /** Captured values by name; a splat is `splat`. */
  values: Record<string, string>;
}

/** Counts a match's work (tests and benches check the bounds with it). */
export interface TrieWork {
  /** Nodes visited. */
  nodes: number;
  /** Path characters a glob or template scanned (optional so callers that only count nodes can omit it). */
  steps?: number;
  /** Globs and templates tried. */
  tries?: number;
}

interface Leaf<T> {
  value: T;
  /** Placeholder names in capture order, then `splat` when the pattern has one. */
  names: string[];
}

interface GlobLeaf<T> extends Leaf<T> {
  glob: Glob;
}

type Template = Extract<SegmentMatcher, { kind: 'template' }>;

const NO_MATCHES: never[] = [];
const SLASH = 47;

class TrieNode<T> {
  literal: Map<string, TrieNode<T>> | undefined;
  /** Any one non-empty segment (`:name`). */
  param: TrieNode<T> | undefined;
  /** Placeholders inside a segment (`:name.jpg`), tried in turn. */
  templates: { template: Template; key: string; node: TrieNode<T> }[] | undefined;
  /** Patterns that end at this node. */
  end: Leaf<T>[] = [];
  /** `…/*`: this node's path itself or anything below it. */
  rest: Leaf<T>[] = [];
  /** `…/:name*`: any non-empty next segment (the placeholder), the splat is the rest after it. */
  paramRest: Leaf<T>[] = [];
  /** Any other `*` pattern from here: matched against the rest of the path, tried in turn. */
  globs: GlobLeaf<T>[] = [];
}

function capture<T>(leaf: Leaf<T>, captures: readonly string[], splat?: string): TrieMatch<T> {
  const values: Record<string, string> = {};
  const { names } = leaf;
  const placeholders = splat === undefined ? names.length : names.length - 1;
  for (let i = 0; i < placeholders; i++) values[names[i]!] = captures[i]!;
  if (splat !== undefined) values.splat = splat;
  return { value: leaf.value, values };
}

const templateKey = (t: Template) => t.lits.join(':');

/**
 * The template's placeholders over path[start, end) (one segment), pushed onto `captures`, or false.
 * Placeholders take as much as they can from the left, as a regex's greedy `([^/]+)` would: each literal
 * between them is placed as far right as the ones after it allow, found by one backward scan.
 */
export function matchTemplate(t: Template, path: string, start: number, end: number, captures: string[], work?: TrieWork): boolean {
  const { lits } = t;
  const k = t.names.length;
  const first = lits[0]!;
  const last = lits[k]!;
  if (end - start < first.length + last.length + k) return false;
  if (!path.startsWith(first, start) || !path.startsWith(last, end - last.length)) return false;
  const from = start + first.length;
  const bounds: number[] = new Array(k + 1);
  bounds[k] = end - last.length;
  for (let i = k - 1; i >= 1; i--) {
    const lit = lits[i]!;
    // Leave at least one character for the placeholder after this literal.
    const limit = bounds[i + 1]! - 1 - lit.length;
    if (limit < from + 1) return false;
    const at = path.lastIndexOf(lit, limit);
    if (work) work.steps = (work.steps ?? 0) + (limit - Math.max(at, from) + 1);
    if (at < from + 1) return false;
    bounds[i] = at;
  }
  let capStart = from;
  for (let i = 0; i < k; i++) {
    const capEnd = bounds[i + 1]!;
    if (capEnd <= capStart) return false;
    captures.push(path.slice(capStart, capEnd));
    capStart = capEnd + lits[i + 1]!.length;
  }
  return true;
}

/**
 * The splat of a glob matched against path[pos…] (pos: the `/` before the glob's segment), or null.
 * Literal texts between stars are found leftmost and in order, each search starting where the last ended,
 * so the path is scanned forward once. Each text's placement is checked only against conditions on its own
 * position (a slash before it, or after it), which keeps leftmost placement exact.
 */
export function matchGlob(g: Glob, path: string, pos: number, work?: TrieWork): string | null {
  const { lits, afterSlash, trailing } = g;
  const stars = lits.length - 1;
  const len = path.length;
  if (!path.startsWith(lits[0]!, pos)) return null;
  let q = pos + lits[0]!.length;
  let steps = lits[0]!.length;
  for (let k = 1; k < stars; k++) {
    const lit = lits[k]!;
    const slashBefore = afterSlash[k - 1]!;
    const slashAfter = trailing && k === stars - 1;
    let from = q;
    let at = -1;
    for (;;) {
      at = path.indexOf(lit, from);
      if (at === -1) {
        steps += len - from;
        break;
      }
      steps += at - from + 1;
      const endsAt = at + lit.length;
      if ((!slashBefore || path.charCodeAt(at - 1) === SLASH) && (!slashAfter || endsAt === len || path.charCodeAt(endsAt) === SLASH)) break;
      from = at + 1;
    }
    if (work) work.steps = (work.steps ?? 0) + steps;
    steps = 0;
    if (at === -1) return null;
    q = at + lit.length;
  }
  const lastLit = lits[stars]!;
  const at = len - lastLit.length;
  steps += lastLit.length;
  if (work) work.steps = (work.steps ?? 0) + steps;
  if (at < q || !path.endsWith(lastLit)) return null;
  if (afterSlash[stars - 1] && path.charCodeAt(at - 1) !== SLASH) return null;
  if (trailing && at > q && path.charCodeAt(q) !== SLASH) return null;
  // What the last star matched: from the end of the text before it to the final text.
  let region = path.slice(q, at);
  if (afterSlash[stars - 1] && region !== '') region = region.slice(0, -1);
  if (trailing && region !== '') region = region.slice(1);
  return region;
}

export class SegmentTrie<T> {
  private readonly root = new TrieNode<T>();
  private depth = 0;
  private count = 1;
  /** Longest literal segment: a longer path segment cannot match one, and is not hashed for the look-up. */
  private longestLiteral = 0;
  size = 0;

  /** Nodes in the tree. */
  get nodeCount(): number {
    return this.count;
  }

  /** Adds a dynamic pattern (parsed by `parsePattern`). */
  add(parsed: ParsedPattern, value: T): void {
    const names: string[] = [];
    let node = this.root;
    for (const segment of parsed.head) {
      if (segment.kind === 'param') {
        names.push(segment.name);
        node = node.param ?? (node.param = this.node());
      } else if (segment.kind === 'template') {
        names.push(...segment.names);
        node.templates ??= [];
        const key = templateKey(segment);
        let edge = node.templates.find((e) => e.key === key);
        if (!edge) node.templates.push((edge = { template: segment, key, node: this.node() }));
        node = edge.node;
      } else {
        node.literal ??= new Map();
        this.longestLiteral = Math.max(this.longestLiteral, segment.text.length);
        let next = node.literal.get(segment.text);
        if (!next) node.literal.set(segment.text, (next = this.node()));
        node = next;
      }
    }
    this.depth = Math.max(this.depth, parsed.head.length);
    this.size++;
    const { tail } = parsed;
    if (tail.kind === 'none') node.end.push({ value, names });
    else if (tail.kind === 'rest') node.rest.push({ value, names: [...names, 'splat'] });
    else if (tail.kind === 'paramRest') node.paramRest.push({ value, names: [...names, tail.name, 'splat'] });
    else node.globs.push({ value, glob: tail.glob, names: [...names, 'splat'] });
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
    if (this.work && node.globs.length > 0) this.work.tries = (this.work.tries ?? 0) + node.globs.length;
    for (let i = 0; i < node.globs.length; i++) {
      const leaf = node.globs[i]!;
      const splat = matchGlob(leaf.glob, path, pos, this.work);
      if (splat !== null) out.push(capture(leaf, captures, splat));
    }
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
    if (node.templates) {
      if (this.work) this.work.tries = (this.work.tries ?? 0) + node.templates.length;
      for (const edge of node.templates) {
        const before = captures.length;
        if (matchTemplate(edge.template, path, pos + 1, end, captures, this.work)) this.walk(edge.node, depth + 1, end);
        captures.length = before;
      }
    }
  }
}
