import { capProblems } from './parse-redirects';
import { acceptedPattern, isStaticPattern, patternProblem } from './path-pattern';
import { type CapName, PatternBudget } from './pattern-budget';
import type { HeaderRule, ParsedRules, RuleProblem } from './types';

/**
 * Cloudflare Pages' line length; blocks are indexed like redirect rules, so instead of its 100-rule cap
 * there are the same memory and per-request bounds as for `_redirects` (REDIRECT_LIMITS).
 */
export const HEADER_LIMITS = { rules: 100_000, visits: 1_000, scanned: 100, lineLength: 2_000 };

/**
 * Headers a rule may neither set nor detach: they describe the message itself (its framing, encoding,
 * byte range and validators, which the edge computes per response) or the connection, or would turn
 * a file response into something else (Location). Setting them could corrupt responses or caches.
 */
export const REFUSED_HEADERS: ReadonlySet<string> = new Set([
  'accept-ranges',
  'connection',
  'content-encoding',
  'content-length',
  'content-range',
  'date',
  'etag',
  'keep-alive',
  'last-modified',
  'location',
  'proxy-connection',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
  'vary',
]);

/**
 * Cookies: every site is served under the one hosting domain, so `Set-Cookie: …; Domain=<hosting domain>`
 * from one site would reach every other. On Netlify and Cloudflare Pages browsers refuse such a cookie
 * themselves (netlify.app and pages.dev are on the Public Suffix List); a self-hosted HOSTING_DOMAIN
 * usually is not, so the header is refused here (SiteRuleMatcher drops it from older deployments too).
 */
export const COOKIE_HEADERS: ReadonlySet<string> = new Set(['set-cookie', 'set-cookie2']);

/** RFC 9110 token. */
const HEADER_NAME = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
/** What node will write without throwing: tab, visible ASCII and Latin-1, no CR/LF/NUL. */
const HEADER_VALUE = /^[\t\x20-\x7e\x80-\xff]*$/;

function nameProblem(name: string): string | null {
  if (!HEADER_NAME.test(name)) return `"${name}" is not a valid header name`;
  if (REFUSED_HEADERS.has(name.toLowerCase())) return `${name} is set by the edge for every response and cannot be changed by a rule`;
  return null;
}

/**
 * A line that starts a block: a path (`/…`) or a full URL, known by how it starts once trimmed, as on
 * Netlify and Cloudflare Pages; indentation means nothing (Netlify's own test file indents its paths).
 */
const isPathLine = (trimmed: string) => trimmed.startsWith('/') || /^https?:\/\//i.test(trimmed);

/** `//a//b//` is `/a/b/`, as Netlify reads it: empty segments say nothing. */
const collapseSlashes = (path: string) => path.replace(/\/{2,}/g, '/');

/**
 * Parses `_headers` (Cloudflare Pages / Netlify syntax): a path pattern on its own line, then
 * `Name: value` lines, or `! Name` to detach a header. Lines are trimmed, so indentation is optional.
 * Unusable lines are skipped and reported.
 */
export function parseHeaders(text: string, limits = HEADER_LIMITS): ParsedRules<HeaderRule> {
  const rules: HeaderRule[] = [];
  const problems: RuleProblem[] = [];
  let current: HeaderRule | null = null;
  /** Inside a block whose path was refused: its header lines are not reported again. */
  let skippingBlock = false;
  const budget = new PatternBudget(limits);
  const over: Record<'rules' | CapName, number[]> = { rules: [], visits: [], scanned: [] };
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  const close = () => {
    if (current && (current.set.length > 0 || current.detach.length > 0)) {
      const cap = rules.length >= limits.rules ? 'rules' : isStaticPattern(current.path) ? null : budget.admit(acceptedPattern(current.path));
      if (cap) over[cap].push(current.line);
      else rules.push(current);
    }
    current = null;
  };
  lines.forEach((raw, index) => {
    const line = index + 1;
    const trimmed = raw.trim();
    if (trimmed === '' || trimmed.startsWith('#')) return;
    if (raw.length > limits.lineLength) {
      problems.push({ line, reason: `longer than ${limits.lineLength.toLocaleString('en-US')} characters` });
      return;
    }
    if (isPathLine(trimmed)) {
      close();
      skippingBlock = true;
      if (/^https?:\/\//i.test(trimmed)) {
        problems.push({ line, reason: 'rules for a full URL (https://host/…) are not supported; write the path. The block is skipped' });
        return;
      }
      const path = collapseSlashes(trimmed);
      const problem = patternProblem(path) ?? (/\s/.test(path) ? 'the path must be alone on its line, with its headers below it' : null);
      if (problem) {
        problems.push({ line, reason: `${problem}; the block is skipped` });
        return;
      }
      skippingBlock = false;
      current = { line, path, set: [], detach: [] };
      return;
    }
    if (!current) {
      if (!skippingBlock) problems.push({ line, reason: 'a header line before any path' });
      return;
    }
    const block: HeaderRule = current;
    if (trimmed.startsWith('!')) {
      const name = trimmed.slice(1).trim();
      const problem = nameProblem(name);
      if (problem) problems.push({ line, reason: problem });
      else block.detach.push(name.toLowerCase());
      return;
    }
    const colon = trimmed.indexOf(':');
    if (colon === -1) {
      problems.push({ line, reason: 'expected "Name: value", "! Name" or a path starting with /' });
      return;
    }
    if (colon === 0) {
      problems.push({ line, reason: 'no header name before the colon' });
      return;
    }
    const name = trimmed.slice(0, colon).trim();
    const value = trimmed.slice(colon + 1).trim();
    const problem =
      nameProblem(name) ??
      (COOKIE_HEADERS.has(name.toLowerCase())
        ? `${name} cannot be sent from _headers: sites share the hosting domain, so a cookie could reach other sites; set cookies from your own API instead`
        : null) ??
      // An empty value is more likely a mistake than a wish to send an empty header (Netlify refuses it too).
      (value === '' ? `${name} has no value; write one, or "! ${name}" to remove the header` : null) ??
      (!HEADER_VALUE.test(value) ? `the value of ${name} has characters a header cannot carry` : null);
    if (problem) problems.push({ line, reason: problem });
    else block.set.push([name, value]);
  });
  close();
  problems.push(...capProblems(over, limits));
  return { rules, problems };
}
