import { acceptedPattern, isStaticPattern, patternProblem } from './path-pattern';
import { CAP_WORDS, type CapName, PatternBudget } from './pattern-budget';
import type { ParsedRules, RedirectRule, RedirectStatus, RuleProblem } from './types';

/**
 * Rules are indexed (plain paths in a map, patterns in a tree), so their number does not slow a request:
 * unlike Cloudflare Pages (2,000 static + 100 dynamic) there is no small cap. `rules` only protects memory
 * (Netlify's own benchmark file has 45,000); `visits` and `scanned` bound the work of one
 * request (see PatternBudget). Rules past a cap are skipped with a build warning naming it.
 */
export const REDIRECT_LIMITS = { rules: 100_000, visits: 1_000, scanned: 100, lineLength: 1_000 };

const STATUSES = new Set<number>([200, 301, 302, 303, 307, 308, 404]);
const STATUS_TOKEN = /^(\d{3})(!?)$/;
const ABSOLUTE_URL = /^https?:\/\//i;
/** Netlify's conditions (`Country=us`, `Language=en`, `Role=admin`, `Cookie=name`): none are supported. */
const CONDITION = /^(country|language|role|cookie)=/i;
const QUERY_CONDITION = /^([^=\s]+)=(.*)$/;

/** Dynamic rules (splat, placeholder or query condition) are scanned in order; static ones are looked up by path. */
export function isDynamicRule(rule: Pick<RedirectRule, 'from' | 'query'>): boolean {
  return rule.query.length > 0 || !isStaticPattern(rule.from);
}

/** One line, or why it cannot be used. */
export function parseRedirectLine(text: string, line: number): RedirectRule | string {
  const tokens = text.trim().split(/\s+/);
  const from = tokens[0]!;
  if (ABSOLUTE_URL.test(from)) return 'a full URL as the source (a domain-level redirect) is not supported; write the path, e.g. /old';
  // One splat, as Cloudflare allows: `:splat` then names one thing.
  const fromProblem = patternProblem(from, 1);
  if (fromProblem) return `the source ${fromProblem}`;

  let i = 1;
  const query: [string, string][] = [];
  for (; i < tokens.length; i++) {
    const token = tokens[i]!;
    if (token.startsWith('/') || ABSOLUTE_URL.test(token)) break;
    const m = QUERY_CONDITION.exec(token);
    if (!m || CONDITION.test(token)) break;
    query.push([m[1]!, m[2]!]);
  }
  const to = tokens[i++];
  if (to === undefined) return 'no target: a rule is "from to [status]"';
  if (to.startsWith('//')) return 'the target starts with //; write https://host/… for another site';
  const external = ABSOLUTE_URL.test(to);
  if (!external && !to.startsWith('/')) {
    if (CONDITION.test(to)) return `conditions such as "${to}" (country, language, role, cookie) are not supported`;
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
  if (statusToken !== undefined && !CONDITION.test(statusToken)) {
    const m = STATUS_TOKEN.exec(statusToken);
    if (!m) return `unexpected "${statusToken}" after the target (expected a status such as 301 or 200!)`;
    const code = Number(m[1]);
    if (!STATUSES.has(code)) return `status ${code} is not supported (use 301, 302, 303, 307, 308, 200 or 404)`;
    status = code as RedirectStatus;
    force = m[2] === '!';
    i++;
  }
  const rest = tokens.slice(i);
  if (rest.length > 0) {
    if (rest.every((t) => CONDITION.test(t))) return `conditions such as "${rest[0]}" (country, language, role, cookie) are not supported`;
    if (rest.some((t) => /^signed=/i.test(t))) return 'signed proxy rules are not supported';
    return `unexpected "${rest.join(' ')}" after the status`;
  }
  if (external && (status === 200 || status === 404)) {
    return `proxying to another site (status ${status} with an external URL) is not supported; use a 301/302/303/307/308 redirect`;
  }
  return { line, from, query, to, status, force };
}

/**
 * Parses `_redirects` (Netlify / Cloudflare Pages syntax): `from [query conditions] to [status][!]`, one
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
