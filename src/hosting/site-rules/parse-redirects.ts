import { acceptedPattern, isStaticPattern, patternProblem } from './path-pattern';
import { CAP_WORDS, type CapName, PatternBudget } from './pattern-budget';
import { hasConditions, isConditionToken, parseConditions } from './rule-conditions';
import type { ParsedRules, RedirectRule, RedirectStatus, RuleProblem } from './types';

/**
 * Rules are indexed (plain paths in a map, patterns in a tree), so their number does not slow a request:
 * unlike Cloudflare Pages (2,000 static + 100 dynamic) there is no small cap. `rules` only protects memory
 * (Netlify's own benchmark file has 45,000); `visits` and `scanned` bound the work of one
 * request (see PatternBudget). Rules past a cap are skipped with a build warning naming it.
 */
export const REDIRECT_LIMITS = { rules: 100_000, visits: 1_000, scanned: 100, lineLength: 1_000 };

const STATUSES = new Set<number>([200, 301, 302, 303, 307, 308, 404, 410]);
const STATUS_TOKEN = /^(\d{3})(!?)$/;
const ABSOLUTE_URL = /^https?:\/\//i;
/** Netlify's conditions (`Country=us`, `Language=en`, `Role=admin`, `Cookie=name`): they follow the status. */
const CONDITION = /^(country|language|role|cookie)=/i;
const QUERY_CONDITION = /^([^=\s]+)=(.*)$/;

/** Dynamic rules (splat, placeholder or query condition) are scanned in order; static ones are looked up by path. */
export function isDynamicRule(rule: Pick<RedirectRule, 'from' | 'query'>): boolean {
  return rule.query.length > 0 || !isStaticPattern(rule.from);
}

/**
 * A token starting with `#` after the source starts a comment that runs to the end of the line, as on
 * Netlify and Cloudflare Pages (`/old /new 301 # moved in 2019`). A `#` inside a token is kept: it is a
 * target's fragment (`/post#ads`).
 */
function withoutComment(tokens: string[]): string[] {
  const at = tokens.findIndex((t, i) => i > 0 && t.startsWith('#'));
  return at === -1 ? tokens : tokens.slice(0, at);
}

/**
 * Netlify's forward rule: `/admin/* 200` with no target means `/admin/* /admin/:splat 200`. Only a
 * 2xx status after a source ending in `/*` has that meaning; undefined otherwise.
 */
function forwardTarget(from: string, token: string | undefined): string | undefined {
  const m = token === undefined ? null : STATUS_TOKEN.exec(token);
  if (!m || !from.endsWith('/*')) return undefined;
  const code = Number(m[1]);
  return code >= 200 && code < 300 ? `${from.slice(0, -2)}/:splat` : undefined;
}

const isRedirectStatus = (status: number) => status >= 300 && status < 400;

/** One line, or why it cannot be used. */
export function parseRedirectLine(text: string, line: number): RedirectRule | string {
  const tokens = withoutComment(text.trim().split(/\s+/));
  const from = tokens[0]!;
  if (ABSOLUTE_URL.test(from)) return 'a full URL as the source (a domain-level redirect) is not supported; write the path, e.g. /old';
  // One splat, as Cloudflare allows: `:splat` then names one thing.
  const fromProblem = patternProblem(from, 1);
  if (fromProblem) return `the source ${fromProblem}`;
  if (from.startsWith('/.netlify')) return 'paths under /.netlify cannot be redirected (Netlify reserves them and refuses such rules too)';

  let i = 1;
  const query: [string, string][] = [];
  for (; i < tokens.length; i++) {
    const token = tokens[i]!;
    if (token.startsWith('/') || ABSOLUTE_URL.test(token)) break;
    const m = QUERY_CONDITION.exec(token);
    if (!m || CONDITION.test(token)) break;
    query.push([m[1]!, m[2]!]);
  }
  const forward = i === 1 ? forwardTarget(from, tokens[1]) : undefined;
  const to = forward ?? tokens[i++];
  if (to === undefined || (i === 2 && STATUS_TOKEN.test(to))) return 'no target: a rule is "from to [status]"';
  if (to.startsWith('//')) return 'the target starts with //; write https://host/… for another site';
  const external = ABSOLUTE_URL.test(to);
  if (!external && !to.startsWith('/')) {
    if (CONDITION.test(to)) return `the condition "${to}" comes before the target; write it after the status: "from to status ${to}"`;
    return `the target "${to}" must be a path starting with / or an http(s):// URL`;
  }
  if (external) {
    try {
      new URL(to.replace(/:[A-Za-z_][A-Za-z0-9_]*/g, 'x'));
    } catch {
      return `the target "${to}" is not a valid URL`;
    }
  }

  let status: RedirectStatus = 301;
  let force = false;
  const statusToken = tokens[i];
  if (statusToken !== undefined && !isConditionToken(statusToken)) {
    const m = STATUS_TOKEN.exec(statusToken);
    if (!m) return `unexpected "${statusToken}" after the target (expected a status such as 301 or 200!)`;
    const code = Number(m[1]);
    if (!STATUSES.has(code)) return `status ${code} is not supported (use 301, 302, 303, 307, 308, 200, 404 or 410)`;
    status = code as RedirectStatus;
    force = m[2] === '!';
    i++;
  }
  const conditions = parseConditions(tokens.slice(i));
  if (typeof conditions === 'string') return conditions;
  // 200 to a URL proxies it; a 404 or 410 answers with a page of this site, never another's.
  if (external && status !== 200 && !isRedirectStatus(status)) {
    return `status ${status} with an external URL is not supported: a ${status} serves a page of this site (proxy with 200, or redirect with 301/302/303/307/308)`;
  }
  const rule: RedirectRule = { line, from, query, to, status, force };
  if (hasConditions(conditions)) rule.conditions = conditions;
  return rule;
}

/**
 * Parses `_redirects` (Netlify / Cloudflare Pages syntax): `from [query conditions] to [status][!]
 * [Language=… Country=…]`, one
 * rule a line, `#` comments. Unusable lines are skipped and reported, as are rules past the caps; the
 * deployment is published with the rest.
 */
export function parseRedirects(text: string, limits = REDIRECT_LIMITS): ParsedRules<RedirectRule> {
  const rules: RedirectRule[] = [];
  const problems: RuleProblem[] = [];
  const budget = new PatternBudget(limits);
  const over: Record<'rules' | CapName, number[]> = { rules: [], visits: [], scanned: [] };
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  lines.forEach((raw, index) => {
    const line = index + 1;
    const trimmed = raw.trim();
    if (trimmed === '' || trimmed.startsWith('#')) return;
    if (raw.length > limits.lineLength) {
      problems.push({ line, reason: `longer than ${limits.lineLength.toLocaleString('en-US')} characters` });
      return;
    }
    const parsed = parseRedirectLine(trimmed, line);
    if (typeof parsed === 'string') {
      problems.push({ line, reason: parsed });
      return;
    }
    if (rules.length >= limits.rules) return void over.rules.push(line);
    if (isDynamicRule(parsed)) {
      const cap = budget.admit(acceptedPattern(parsed.from));
      if (cap) return void over[cap].push(line);
    }
    rules.push(parsed);
  });
  problems.push(...capProblems(over, limits));
  return { rules, problems };
}

/** One file-level problem per cap that skipped rules. */
export function capProblems(over: Record<'rules' | CapName, number[]>, limits: Record<'rules' | CapName, number>): RuleProblem[] {
  const problems: RuleProblem[] = [];
  for (const cap of ['rules', 'visits', 'scanned'] as const) {
    const skipped = over[cap];
    if (skipped.length === 0) continue;
    const what = cap === 'rules' ? 'rules' : CAP_WORDS[cap];
    problems.push({
      line: 0,
      reason: `${skipped.length} rule${skipped.length === 1 ? '' : 's'} skipped (lines ${skipped[0]}–${skipped[skipped.length - 1]}): the cap is ${limits[cap].toLocaleString('en-US')} ${what}`,
    });
  }
  return problems;
}
