import type { OutgoingHttpHeaders } from 'node:http';
import { COOKIE_HEADERS } from './parse-headers';
import { isDynamicRule } from './parse-redirects';
import { compilePattern, isStaticPattern, normalisePath, parsePattern, substitute } from './path-pattern';
import { conditionsHold, type RequestContext } from './rule-conditions';
import { SegmentTrie, type TrieMatch, type TrieWork } from './segment-trie';
import type { HeaderRule, RedirectRule, SiteRules } from './types';

export interface RedirectMatch {
  rule: RedirectRule;
  /** The target with placeholders filled in: a site path (maybe with a query) or an http(s) URL. */
  target: string;
}

/** Headers `_headers` adds for one path, ready to lay over the edge's own. */
export interface HeaderSet {
  values: [string, string | string[]][];
  /** Lower-case names the edge must not send itself: set here or detached. */
  replaces: ReadonlySet<string>;
}

interface CompiledRedirect {
  rule: RedirectRule;
  index: number;
  /** A splat rewrite within the site never serves a page for a missing asset (a proxy passes everything on). */
  hasSplat: boolean;
}

/** Language= / Country= conditions, judged last: they are the dearest to read. */
const holds = (rule: RedirectRule, context: RequestContext | undefined) => rule.conditions === undefined || conditionsHold(rule.conditions, context);

/** Header sets remembered per path; paths come from requests, so the memory is bounded. */
const MAX_CACHED_HEADER_SETS = 2_000;
/**
 * Longer paths are not remembered: computing their set is cheap, while hashing a long string for a Map costs
 * time in its length and 2,000 of them held would be megabytes the garbage collector keeps moving.
 */
const MAX_CACHED_PATH_LENGTH = 512;

/** Looks `key` up unless it is longer than every key (then it cannot be one, and is not hashed). */
function lookup<T>(map: Map<string, T>, longest: number, key: string): T | undefined {
  return key.length <= longest ? map.get(key) : undefined;
}

/** A loop, not Math.max(...keys): a spread of 100,000 arguments can overflow the stack. */
function longestKey(map: Map<string, unknown>): number {
  let longest = 0;
  for (const key of map.keys()) if (key.length > longest) longest = key.length;
  return longest;
}

/** A missing file under a splat 200 rewrite is an asset (404), not a page (the SPA's index.html)... */
function looksLikeAsset(path: string): boolean {
  const slash = path.lastIndexOf('/');
  const dot = path.lastIndexOf('.');
  if (dot <= slash + 1) return false;
  const ext = path.slice(dot + 1).toLowerCase();
  // ...unless it names a page.
  return ext !== 'html' && ext !== 'htm';
}

/**
 * Header paths match whatever the case, as on Netlify: rule paths and request paths are compared lower-cased.
 * A placeholder's name is kept as written, since header values refer to it by that name.
 */
const foldCase = (path: string) => path.toLowerCase();
/** A placeholder as the pattern parser reads one: `:` at a segment's start or after a non-word character. */
const PLACEHOLDER_AT = /(?<![A-Za-z0-9_]):[A-Za-z_][A-Za-z0-9_]*/g;
function foldPatternCase(pattern: string): string {
  let out = '';
  let last = 0;
  for (const m of pattern.matchAll(PLACEHOLDER_AT)) {
    out += pattern.slice(last, m.index).toLowerCase() + m[0];
    last = m.index + m[0].length;
  }
  return out + pattern.slice(last).toLowerCase();
}

/** `:name` in a header value (as `substitute` reads it). */
const PLACEHOLDER_USE = /:([A-Za-z_][A-Za-z0-9_]*)/g;

interface CaselessCapture {
  /** The rule's pattern as a case-insensitive regex; null when its values use nothing it captures. */
  regex: RegExp | null;
  names: string[];
}

const caseless = new WeakMap<HeaderRule, CaselessCapture>();

function caselessCapture(rule: HeaderRule): CaselessCapture {
  const { regex, names } = compilePattern(rule.path);
  const used = rule.set.some(([, value]) => [...value.matchAll(PLACEHOLDER_USE)].some((m) => names.includes(m[1]!)));
  // One unbounded group at most: a regex with several could backtrack far on a long path (the trie never does).
  const bounded = regex !== null && (regex.source.match(/\.\*/g)?.length ?? 0) <= 1;
  return { regex: used && bounded ? new RegExp(regex.source, 'i') : null, names };
}

/**
 * What a header rule's path captures from the request path as it was written (the lower-cased match only says
 * that it matches, and captures lower-cased text), so `X-Person: :name` on `/People/Ada` is `Ada`. Null when
 * the rule's values use no capture, or its pattern is not one regex can take safely.
 */
function capturesAsWritten(rule: HeaderRule, path: string): Record<string, string> | null {
  let compiled = caseless.get(rule);
  if (!compiled) caseless.set(rule, (compiled = caselessCapture(rule)));
  const m = compiled.regex?.exec(path);
  if (!m) return null;
  const values: Record<string, string> = {};
  compiled.names.forEach((name, i) => {
    values[name] = m[i + 1] ?? '';
  });
  return values;
}

function queryMatches(conditions: [string, string][], params: URLSearchParams, values: Record<string, string>): boolean {
  for (const [name, expected] of conditions) {
    const actual = params.get(name);
    if (actual === null) return false;
    if (expected.startsWith(':')) values[expected.slice(1)] = encodeURIComponent(actual);
    else if (actual !== expected) return false;
  }
  return true;
}

/**
 * A deployment's `_redirects` and `_headers`, compiled once per loaded site. Static rules are found by exact
 * path in a Map; dynamic ones are compiled into a tree by path segment (SegmentTrie), so a request costs one
 * hash look-up and one walk of its path bounded by the parsers' caps, however many rules the site has.
 */
export class SiteRuleMatcher {
  readonly hasRedirects: boolean;
  readonly hasHeaders: boolean;
  /** Without a forced rule, a request for an existing file never needs the redirect rules. */
  private readonly anyForced: boolean;
  private readonly staticRedirects = new Map<string, CompiledRedirect[]>();
  private readonly dynamicRedirects = new SegmentTrie<CompiledRedirect>();
  private readonly staticHeaders = new Map<string, HeaderRule[]>();
  private readonly dynamicHeaders = new SegmentTrie<HeaderRule>();
  private readonly headerSets = new Map<string, HeaderSet | null>();
  private longestStaticRedirect = 0;
  /** File position of the first dynamic redirect rule (Infinity when there is none). */
  private firstDynamicRedirect = Number.POSITIVE_INFINITY;
  private longestStaticHeader = 0;
  private readonly headerRules: HeaderRule[];

  /** Compiles every rule at once; `compileSiteRulesInSlices` does the same work in slices for the edge. */
  constructor(rules: SiteRules, opts: { deferIndex?: boolean } = {}) {
    this.hasRedirects = rules.redirects.length > 0;
    this.anyForced = rules.redirects.some((r) => r.force);
    // Deployments built before Set-Cookie was refused still have it stored: it is dropped here too.
    this.headerRules = rules.headers
      .map((rule) => ({ ...rule, set: rule.set.filter(([name]) => !COOKIE_HEADERS.has(name.toLowerCase())) }))
      .filter((rule) => rule.set.length > 0 || rule.detach.length > 0);
    this.hasHeaders = this.headerRules.length > 0;
    if (opts.deferIndex) return;
    this.indexRedirects(rules.redirects, 0, rules.redirects.length);
    this.indexHeaders(0, this.headerRules.length);
    this.seal();
  }

  /** Rules [from, to) of `_redirects` into the Map or the tree, keeping their file positions. */
  indexRedirects(redirects: RedirectRule[], from: number, to: number): void {
    for (let index = from; index < to; index++) {
      const rule = redirects[index]!;
      const compiled: CompiledRedirect = { rule, index, hasSplat: rule.from.includes('*') && rule.to.startsWith('/') };
      if (isDynamicRule(rule)) {
        // A rule stored by an older build that today's syntax reads differently is left out, never thrown on.
        const parsed = parsePattern(rule.from);
        if (typeof parsed === 'string') continue;
        this.dynamicRedirects.add(parsed, compiled);
        this.firstDynamicRedirect = Math.min(this.firstDynamicRedirect, index);
      } else {
        const key = normalisePath(rule.from);
        const list = this.staticRedirects.get(key);
        if (list) list.push(compiled);
        else this.staticRedirects.set(key, [compiled]);
      }
    }
  }

  /** Header blocks [from, to), in file order. */
  indexHeaders(from: number, to: number): void {
    for (let i = from; i < to; i++) {
      const rule = this.headerRules[i]!;
      if (isStaticPattern(rule.path)) {
        const key = foldCase(normalisePath(rule.path));
        const list = this.staticHeaders.get(key);
        if (list) list.push(rule);
        else this.staticHeaders.set(key, [rule]);
        continue;
      }
      const parsed = parsePattern(foldPatternCase(rule.path));
      if (typeof parsed !== 'string') this.dynamicHeaders.add(parsed, rule);
    }
  }

  get headerRuleCount(): number {
    return this.headerRules.length;
  }

  /** Once every rule is in: the longest keys, which let a look-up skip hashing a longer path. */
  seal(): void {
    this.longestStaticRedirect = longestKey(this.staticRedirects);
    this.longestStaticHeader = longestKey(this.staticHeaders);
  }

  /**
   * The first rule (in file order) for a request path and its query string ("" or "?…"). `fileExists`:
   * the path serves content of the site, which shadows every rule without `!`. `context`: what rules with
   * conditions are judged against; without it they never apply.
   */
  matchRedirect(path: string, query: string, fileExists: boolean, work?: TrieWork, context?: RequestContext): RedirectMatch | null {
    if (!this.hasRedirects || (fileExists && !this.anyForced)) return null;
    const key = normalisePath(path);
    let found: RedirectMatch | null = null;
    let foundIndex = Number.POSITIVE_INFINITY;
    const statics = lookup(this.staticRedirects, this.longestStaticRedirect, key);
    if (statics) {
      for (const c of statics) {
        if (fileExists && !c.rule.force) continue;
        if (!holds(c.rule, context)) continue;
        found = { rule: c.rule, target: c.rule.to };
        foundIndex = c.index;
        break;
      }
    }
    // A static rule above every dynamic one wins without looking at them.
    if (foundIndex < this.firstDynamicRedirect) return found;
    const candidates: TrieMatch<CompiledRedirect>[] = [];
    this.dynamicRedirects.match(key, candidates, work);
    if (candidates.length > 1) candidates.sort((a, b) => a.value.index - b.value.index);
    let params: URLSearchParams | undefined;
    for (const { value: c, values } of candidates) {
      if (c.index > foundIndex) break;
      const { rule } = c;
      if (fileExists && !rule.force) continue;
      if (rule.query.length > 0) {
        params ??= new URLSearchParams(query);
        if (!queryMatches(rule.query, params, values)) continue;
      }
      if (rule.status === 200 && !fileExists && c.hasSplat && looksLikeAsset(key)) continue;
      if (!holds(rule, context)) continue;
      return { rule, target: substitute(rule.to, values) };
    }
    return found;
  }

  /** What `_headers` adds for a request path, or null when no block matches. */
  headersFor(path: string, work?: TrieWork): HeaderSet | null {
    if (!this.hasHeaders) return null;
    const key = normalisePath(path);
    if (key.length > MAX_CACHED_PATH_LENGTH) return this.computeHeaders(key, work);
    const cached = this.headerSets.get(key);
    if (cached !== undefined) return cached;
    const set = this.computeHeaders(key, work);
    if (this.headerSets.size >= MAX_CACHED_HEADER_SETS) this.headerSets.clear();
    this.headerSets.set(key, set);
    return set;
  }

  private computeHeaders(key: string, work?: TrieWork): HeaderSet | null {
    const folded = foldCase(key);
    const matched: TrieMatch<HeaderRule>[] = [];
    for (const rule of lookup(this.staticHeaders, this.longestStaticHeader, folded) ?? []) matched.push({ value: rule, values: {} });
    this.dynamicHeaders.match(folded, matched, work);
    if (matched.length === 0) return null;
    matched.sort((a, b) => a.value.line - b.value.line);
    // In file order, as on Netlify: a later matching block replaces what an earlier one set for the same
    // name (so `/*` DENY then `/embed/*` SAMEORIGIN sends SAMEORIGIN alone), one block naming a header twice
    // joins its values with ", ", and `! Name` removes what the blocks before it set.
    const headers = new Map<string, { name: string; value: string }>();
    const detached = new Set<string>();
    for (const { value: rule, values: captured } of matched) {
      const values = folded !== key && Object.keys(captured).length > 0 ? (capturesAsWritten(rule, key) ?? captured) : captured;
      const own = new Map<string, { name: string; values: string[] }>();
      for (const [name, value] of rule.set) {
        const lower = name.toLowerCase();
        const v = substitute(value, values);
        const known = own.get(lower);
        if (known) known.values.push(v);
        else own.set(lower, { name, values: [v] });
      }
      for (const [lower, h] of own) headers.set(lower, { name: h.name, value: h.values.join(', ') });
      for (const name of rule.detach) {
        headers.delete(name);
        detached.add(name);
      }
    }
    const values: HeaderSet['values'] = [];
    for (const h of headers.values()) values.push([h.name, h.value]);
    return { values, replaces: new Set([...headers.keys(), ...detached]) };
  }
}

/** The edge's headers with a rule set laid over them; the edge's object is shared, so this copies. */
export function applyHeaderSet(base: OutgoingHttpHeaders, set: HeaderSet | null): OutgoingHttpHeaders {
  if (set === null) return base;
  const out: OutgoingHttpHeaders = {};
  for (const name in base) if (!set.replaces.has(name.toLowerCase())) out[name] = base[name];
  for (const [name, value] of set.values) out[name] = value;
  return out;
}

export function compileSiteRules(rules: SiteRules | null | undefined): SiteRuleMatcher | null {
  if (!rules || (rules.redirects.length === 0 && rules.headers.length === 0)) return null;
  return new SiteRuleMatcher(rules);
}

/** Rules compiled between two turns of the event loop: about a millisecond of work on a loaded machine. */
const COMPILE_SLICE = 500;

/**
 * As `compileSiteRules`, giving the event loop back every COMPILE_SLICE rules: the edge serves every site from
 * one loop, and a site with 45,000 + 45,000 rules takes 0.35–0.8 s to compile, which must not stall the other
 * sites' requests meanwhile. The matcher is handed out only once complete.
 */
export async function compileSiteRulesInSlices(rules: SiteRules | null | undefined, slice = COMPILE_SLICE): Promise<SiteRuleMatcher | null> {
  if (!rules || (rules.redirects.length === 0 && rules.headers.length === 0)) return null;
  const total = rules.redirects.length + rules.headers.length;
  if (total <= slice) return new SiteRuleMatcher(rules);
  const matcher = new SiteRuleMatcher(rules, { deferIndex: true });
  const yieldLoop = () => new Promise<void>((resolve) => setImmediate(resolve));
  for (let from = 0; from < rules.redirects.length; from += slice) {
    matcher.indexRedirects(rules.redirects, from, Math.min(from + slice, rules.redirects.length));
    await yieldLoop();
  }
  for (let from = 0; from < matcher.headerRuleCount; from += slice) {
    matcher.indexHeaders(from, Math.min(from + slice, matcher.headerRuleCount));
    await yieldLoop();
  }
  matcher.seal();
  return matcher;
}
