import type { OutgoingHttpHeaders } from 'node:http';
import { isDynamicRule } from './parse-redirects';
import { type CompiledPattern, compilePattern, matchPattern, normalisePath, substitute } from './path-pattern';
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
  pattern: CompiledPattern;
  /** "/segment" that any matching path contains (a literal segment after a placeholder), or null. */
  mustInclude: string | null;
}

const LITERAL_SEGMENT = /^[^:*]+$/;

/** The literal first segment rules are indexed by ("blog" for "/blog/*"), or null when it varies. */
function firstSegmentOf(from: string): string | null {
  const end = from.indexOf('/', 1);
  const segment = end === -1 ? from.slice(1) : from.slice(1, end);
  return segment !== '' && LITERAL_SEGMENT.test(segment) ? segment : null;
}

function requestFirstSegment(path: string): string {
  const end = path.indexOf('/', 1);
  return end === -1 ? path.slice(1) : path.slice(1, end);
}

function longestLiteralSegment(from: string): string | null {
  let best: string | null = null;
  for (const segment of from.replace(/\*$/, '').split('/').slice(2)) {
    if (LITERAL_SEGMENT.test(segment) && (best === null || segment.length > best.length)) best = segment;
  }
  return best === null ? null : `/${best}`;
}

interface CompiledHeader {
  rule: HeaderRule;
  pattern: CompiledPattern;
}

/** Header sets remembered per path; paths come from requests, so the memory is bounded. */
const MAX_CACHED_HEADER_SETS = 2_000;

/** A missing file under a splat 200 rewrite is an asset (404), not a page (the SPA's index.html)... */
function looksLikeAsset(path: string): boolean {
  const slash = path.lastIndexOf('/');
  const dot = path.lastIndexOf('.');
  if (dot <= slash + 1) return false;
  const ext = path.slice(dot + 1).toLowerCase();
  // ...unless it names a page.
  return ext !== 'html' && ext !== 'htm';
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
 * A deployment's `_redirects` and `_headers`, compiled once per loaded site. Static redirect rules are
 * found by exact path in a Map; dynamic ones (at most 100) are scanned in file order behind a literal
 * prefix check, so a request pays for the rules that could match it and not for the rest.
 */
export class SiteRuleMatcher {
  readonly hasRedirects: boolean;
  readonly hasHeaders: boolean;
  /** Without a forced rule, a request for an existing file never needs the redirect rules. */
  private readonly anyForced: boolean;
  private readonly staticRedirects = new Map<string, CompiledRedirect[]>();
  /** Dynamic rules by their literal first segment; the rest (first segment a placeholder or splat) apart. */
  private readonly dynamicByFirst = new Map<string, CompiledRedirect[]>();
  private readonly dynamicAnyFirst: CompiledRedirect[] = [];
  private readonly staticHeaders = new Map<string, CompiledHeader[]>();
  private readonly dynamicHeaders: CompiledHeader[] = [];
  private readonly headerSets = new Map<string, HeaderSet | null>();

  constructor(rules: SiteRules) {
    this.hasRedirects = rules.redirects.length > 0;
    this.hasHeaders = rules.headers.length > 0;
    this.anyForced = rules.redirects.some((r) => r.force);
    rules.redirects.forEach((rule, index) => {
      const compiled: CompiledRedirect = { rule, index, pattern: compilePattern(rule.from), mustInclude: null };
      if (isDynamicRule(rule)) {
        const first = firstSegmentOf(rule.from);
        if (first === null) {
          compiled.mustInclude = longestLiteralSegment(rule.from);
          this.dynamicAnyFirst.push(compiled);
        } else {
          const list = this.dynamicByFirst.get(first);
          if (list) list.push(compiled);
          else this.dynamicByFirst.set(first, [compiled]);
        }
      } else {
        const list = this.staticRedirects.get(compiled.pattern.prefix);
        if (list) list.push(compiled);
        else this.staticRedirects.set(compiled.pattern.prefix, [compiled]);
      }
    });
    for (const rule of rules.headers) {
      const compiled = { rule, pattern: compilePattern(rule.path) };
      if (compiled.pattern.isStatic) {
        const list = this.staticHeaders.get(compiled.pattern.prefix);
        if (list) list.push(compiled);
        else this.staticHeaders.set(compiled.pattern.prefix, [compiled]);
      } else this.dynamicHeaders.push(compiled);
    }
  }

  /**
   * The first rule (in file order) for a request path and its query string ("" or "?…"). `fileExists`:
   * the path serves content of the site, which shadows every rule without `!`.
   */
  matchRedirect(path: string, query: string, fileExists: boolean): RedirectMatch | null {
    if (!this.hasRedirects || (fileExists && !this.anyForced)) return null;
    const key = normalisePath(path);
    let found: RedirectMatch | null = null;
    let foundIndex = Number.POSITIVE_INFINITY;
    const statics = this.staticRedirects.get(key);
    if (statics) {
      for (const c of statics) {
        if (fileExists && !c.rule.force) continue;
        found = { rule: c.rule, target: c.rule.to };
        foundIndex = c.index;
        break;
      }
    }
    // Only rules that can match this path's first segment, merged back into file order.
    const byFirst = this.dynamicByFirst.get(requestFirstSegment(key));
    const anyFirst = this.dynamicAnyFirst;
    let params: URLSearchParams | undefined;
    let i = 0;
    let j = 0;
    for (;;) {
      const a = byFirst?.[i];
      const b = anyFirst[j];
      let c: CompiledRedirect;
      if (a !== undefined && (b === undefined || a.index < b.index)) {
        c = a;
        i++;
      } else if (b !== undefined) {
        c = b;
        j++;
      } else break;
      if (c.index > foundIndex) break;
      const { rule } = c;
      if (fileExists && !rule.force) continue;
      if (c.mustInclude !== null && !key.includes(c.mustInclude)) continue;
      const values = matchPattern(c.pattern, key);
      if (values === null) continue;
      if (rule.query.length > 0) {
        params ??= new URLSearchParams(query);
        if (!queryMatches(rule.query, params, values)) continue;
      }
      if (rule.status === 200 && !fileExists && c.pattern.names.includes('splat') && looksLikeAsset(key)) continue;
      return { rule, target: substitute(rule.to, values) };
    }
    return found;
  }

  /** What `_headers` adds for a request path, or null when no block matches. */
  headersFor(path: string): HeaderSet | null {
    if (!this.hasHeaders) return null;
    const key = normalisePath(path);
    const cached = this.headerSets.get(key);
    if (cached !== undefined) return cached;
    const set = this.computeHeaders(key);
    if (this.headerSets.size >= MAX_CACHED_HEADER_SETS) this.headerSets.clear();
    this.headerSets.set(key, set);
    return set;
  }

  private computeHeaders(key: string): HeaderSet | null {
    const matched: { rule: HeaderRule; values: Record<string, string> }[] = [];
    for (const c of this.staticHeaders.get(key) ?? []) matched.push({ rule: c.rule, values: {} });
    for (const c of this.dynamicHeaders) {
      const values = matchPattern(c.pattern, key);
      if (values) matched.push({ rule: c.rule, values });
    }
    if (matched.length === 0) return null;
    matched.sort((a, b) => a.rule.line - b.rule.line);
    const headers = new Map<string, { name: string; values: string[] }>();
    const detached = new Set<string>();
    for (const { rule, values } of matched) {
      for (const [name, value] of rule.set) {
        const lower = name.toLowerCase();
        const v = substitute(value, values);
        const known = headers.get(lower);
        if (known) known.values.push(v);
        else headers.set(lower, { name, values: [v] });
      }
      for (const name of rule.detach) detached.add(name);
    }
    for (const name of detached) headers.delete(name);
    const values: HeaderSet['values'] = [];
    for (const [lower, h] of headers) values.push([h.name, lower === 'set-cookie' ? h.values : h.values.join(', ')]);
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
