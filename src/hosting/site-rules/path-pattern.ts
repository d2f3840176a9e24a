/**
 * `_redirects` / `_headers` path patterns, as Cloudflare Pages and Netlify read them:
 *
 * - `:name` is a placeholder: one or more characters other than `/`. It may be a whole segment
 *   (`/users/:id`) or part of one (`/images/:name.jpg`, `/:year-:month`); inside a segment it starts
 *   a placeholder only at the segment's start or after a character that is not a letter, digit or `_`,
 *   so a literal like `/wiki/Special:Search` stays literal.
 * - `*` (the splat) matches any characters, `/` included, anywhere in the path: `/*.js`, `/a/*\/b`,
 *   `/blog/*`. A `*` that is a whole segment may also match nothing together with its slash, so
 *   `/blog/*` matches `/blog` and `/a/*\/b` matches `/a/b`. `:splat` holds what the `*` matched
 *   (without that slash). `_headers` may use several `*` (as Netlify allows); then the earlier ones
 *   match as little as they can and `:splat` holds what the last one matched. Redirects allow one, as
 *   Cloudflare does.
 * - After the first `*` only literal text may follow (no placeholders), and in the `*`'s own segment only
 *   literal text may come before it (`/blog*`), or one placeholder when the pattern ends there (`/:id*`).
 *
 * Trailing slashes do not matter on either side: `/blog/` and `/blog` are the same path.
 */

/** A pattern segment matched against one path segment. */
export type SegmentMatcher =
  | { kind: 'literal'; text: string }
  | { kind: 'param'; name: string }
  /** Literal text around placeholders: lits.length === names.length + 1. */
  | { kind: 'template'; lits: string[]; names: string[] };

/**
 * Everything from the segment holding the first `*` to the end, as literal texts between the stars:
 * lits.length === stars + 1. The text is matched from the `/` before that segment.
 */
export interface Glob {
  lits: string[];
  /** Per star: a whole-segment `*` followed by more (`/*\/x`): what it matches is empty or ends with `/`. */
  afterSlash: boolean[];
  /** The last star is a whole trailing segment (`…/*`): what it matches is empty or starts with `/`. */
  trailing: boolean;
}

export type PatternTail =
  | { kind: 'none' }
  /** `…/*` and no other star: the node's own path or anything below it. */
  | { kind: 'rest' }
  /** `…/:name*`: a non-empty segment, then the rest of the path (from its `/`). */
  | { kind: 'paramRest'; name: string }
  | { kind: 'glob'; glob: Glob };

export interface ParsedPattern {
  /** Segments before the one holding the first `*` (all of them when there is none). */
  head: SegmentMatcher[];
  tail: PatternTail;
  stars: number;
}

/** Deeper patterns are refused: no real site needs them, and the tree's depth bounds a request's walk. */
export const MAX_PATTERN_SEGMENTS = 64;

const PLACEHOLDER_SEGMENT = /^:[A-Za-z_][A-Za-z0-9_]*$/;
/** A placeholder inside a segment: at its start or after a character that cannot be part of a name. */
const PLACEHOLDER_IN_SEGMENT = /(^|[^A-Za-z0-9_]):([A-Za-z_][A-Za-z0-9_]*)/g;

/** `:name` as a whole segment. */
export const isPlaceholderSegment = (segment: string) => PLACEHOLDER_SEGMENT.test(segment);

/** Drops one trailing slash (except for the root) so `/a/` and `/a` are one key. */
export function normalisePath(path: string): string {
  if (path === '') return '/';
  return path.length > 1 && path.charCodeAt(path.length - 1) === 47 ? path.slice(0, -1) : path;
}

/** Literal text and placeholders of one segment without `*`. */
export function segmentMatcher(segment: string): SegmentMatcher {
  if (!segment.includes(':')) return { kind: 'literal', text: segment };
  if (PLACEHOLDER_SEGMENT.test(segment)) return { kind: 'param', name: segment.slice(1) };
  const lits: string[] = [];
  const names: string[] = [];
  let last = 0;
  for (const m of segment.matchAll(PLACEHOLDER_IN_SEGMENT)) {
    const at = m.index + m[1]!.length;
    lits.push(segment.slice(last, at));
    names.push(m[2]!);
    last = at + 1 + m[2]!.length;
  }
  if (names.length === 0) return { kind: 'literal', text: segment };
  lits.push(segment.slice(last));
  return { kind: 'template', lits, names };
}

const hasPlaceholder = (text: string) => segmentMatcher(text).kind !== 'literal';

/** The pattern's structure, or why it cannot be used. `maxStars`: 1 for redirects, more for headers. */
export function parsePattern(pattern: string, maxStars = Number.POSITIVE_INFINITY): ParsedPattern | string {
  if (!pattern.startsWith('/')) return 'the path must start with /';
  if (pattern.startsWith('//')) return 'the path must not start with //';
  const body = pattern.endsWith('*') ? pattern : normalisePath(pattern);
  const segments = body.split('/').slice(1);
  if (segments.length > MAX_PATTERN_SEGMENTS) return `the path has more than ${MAX_PATTERN_SEGMENTS} segments`;
  const stars = body.split('*').length - 1;
  if (stars > maxStars) return maxStars === 1 ? 'a splat (*) may appear only once in the path' : `the path has more than ${maxStars} *`;
  const first = segments.findIndex((s) => s.includes('*'));
  if (first === -1) return { head: segments.map(segmentMatcher), tail: { kind: 'none' }, stars: 0 };
  const head = segments.slice(0, first).map(segmentMatcher);
  const starSegment = segments[first]!;
  const before = starSegment.slice(0, starSegment.indexOf('*'));
  const rest = `/${segments.slice(first).join('/')}`;
  const after = rest.slice(rest.indexOf('*') + 1);
  if (hasPlaceholder(after)) return 'a placeholder (:name) after a * is not supported';
  if (isPlaceholderSegment(before) && after === '') return { head, tail: { kind: 'paramRest', name: before.slice(1) }, stars };
  if (hasPlaceholder(before)) return 'a placeholder and a * in one segment are only supported as /:name* at the end of the path';
  if (rest === '/*') return { head, tail: { kind: 'rest' }, stars };

  const lits = [''];
  const afterSlash: boolean[] = [];
  let trailing = false;
  for (let i = 0; i < rest.length; i++) {
    const c = rest[i]!;
    if (c !== '*') {
      lits[lits.length - 1] += c;
      continue;
    }
    if (lits.length > 1 && lits[lits.length - 1] === '') return 'two * with nothing between them';
    const whole = rest[i - 1] === '/' && (i + 1 === rest.length || rest[i + 1] === '/');
    if (whole && i + 1 === rest.length) {
      // `…/*` at the end: its slash belongs to what the star matches.
      lits[lits.length - 1] = lits[lits.length - 1]!.slice(0, -1);
      if (lits.length > 1 && lits[lits.length - 1] === '') return 'two * with nothing between them';
      trailing = true;
      afterSlash.push(false);
    } else if (whole) {
      // `/*\/x`: the slash before the star stays in the text before it; the one after is what ends the star.
      afterSlash.push(true);
      i++;
    } else afterSlash.push(false);
    lits.push('');
  }
  return { head, tail: { kind: 'glob', glob: { lits, afterSlash, trailing } }, stars };
}

/** parsePattern for a pattern a parser has already accepted. */
export function acceptedPattern(pattern: string): ParsedPattern {
  const parsed = parsePattern(pattern);
  if (typeof parsed === 'string') throw new Error(`pattern ${pattern} was accepted, yet: ${parsed}`);
  return parsed;
}

/** Why a pattern cannot be used, or null when it can. */
export function patternProblem(pattern: string, maxStars = Number.POSITIVE_INFINITY): string | null {
  // Plain paths (most rules of a large file) need no parse.
  if (isStaticPattern(pattern) && pattern.startsWith('/') && !pattern.startsWith('//') && !tooDeep(pattern)) return null;
  const parsed = parsePattern(pattern, maxStars);
  return typeof parsed === 'string' ? parsed : null;
}

/** No placeholder and no splat: matched by exact (normalised) path. */
export function isStaticPattern(pattern: string): boolean {
  if (pattern.includes('*')) return false;
  if (!pattern.includes(':')) return true;
  return normalisePath(pattern)
    .split('/')
    .every((s) => segmentMatcher(s).kind === 'literal');
}

function tooDeep(pattern: string): boolean {
  let slashes = 0;
  for (let i = 0; i < pattern.length; i++) if (pattern.charCodeAt(i) === 47 && ++slashes > MAX_PATTERN_SEGMENTS) return true;
  return false;
}

export interface CompiledPattern {
  isStatic: boolean;
  /** The normalised path (static patterns). */
  prefix: string;
  /** The reference regex (tests and the bench compare the tree with it): backtracking, never used to serve. */
  regex: RegExp | null;
  /** Capture names in order; the splat is `splat`. */
  names: string[];
}

const escapeRegex = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function segmentSource(s: SegmentMatcher, names: string[]): string {
  if (s.kind === 'literal') return escapeRegex(s.text);
  if (s.kind === 'param') {
    names.push(s.name);
    return '([^/]+)';
  }
  let out = escapeRegex(s.lits[0]!);
  s.names.forEach((name, i) => {
    names.push(name);
    out += `([^/]+)${escapeRegex(s.lits[i + 1]!)}`;
  });
  return out;
}

/** The pattern as a regex with the same meaning (for tests: it may backtrack, the tree does not). */
export function compilePattern(pattern: string): CompiledPattern {
  const parsed = parsePattern(pattern);
  if (typeof parsed === 'string') throw new Error(`unusable pattern ${pattern}: ${parsed}`);
  if (isStaticPattern(pattern)) return { isStatic: true, prefix: normalisePath(pattern), regex: null, names: [] };
  const names: string[] = [];
  let source = parsed.head.map((s) => `/${segmentSource(s, names)}`).join('');
  const { tail } = parsed;
  if (tail.kind === 'rest') {
    names.push('splat');
    source += '(?:/(.*))?';
  } else if (tail.kind === 'paramRest') {
    names.push(tail.name, 'splat');
    source += '/([^/]+)(.*)';
  } else if (tail.kind === 'glob') {
    const { lits, afterSlash, trailing } = tail.glob;
    source += escapeRegex(lits[0]!);
    const stars = lits.length - 1;
    for (let k = 1; k <= stars; k++) {
      const last = k === stars;
      const any = last ? '(.*)' : '(?:.*?)';
      if (last) names.push('splat');
      if (last && trailing) source += `(?:/${any})?`;
      else if (afterSlash[k - 1]) source += last ? '(?:(.*)/)?' : '(?:.*?/)??';
      else source += any;
      source += escapeRegex(lits[k]!);
    }
  }
  if (source === '') source = '/';
  return { isStatic: false, prefix: '', regex: new RegExp(`^${source}$`), names };
}

/** Captured values by name, or null when the (normalised) path does not match (the reference matcher). */
export function matchPattern(p: CompiledPattern, path: string): Record<string, string> | null {
  if (p.isStatic) return path === p.prefix ? {} : null;
  const m = p.regex!.exec(path);
  if (!m) return null;
  const values: Record<string, string> = {};
  p.names.forEach((name, i) => {
    values[name] = m[i + 1] ?? '';
  });
  return values;
}

const PLACEHOLDER_USE = /:([A-Za-z_][A-Za-z0-9_]*)/g;

/** Replaces `:name` with its captured value; names not captured stay as written (e.g. a URL's `:8080`). */
export function substitute(template: string, values: Record<string, string>): string {
  if (!template.includes(':')) return template;
  return template.replace(PLACEHOLDER_USE, (whole, name: string) => (Object.hasOwn(values, name) ? values[name]! : whole));
}
