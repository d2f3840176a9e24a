import { isDynamicRule } from './parse-redirects';
import { normalisePath } from './path-pattern';
import type { RedirectRule } from './types';

const isRedirect = (rule: RedirectRule) => rule.status >= 300 && rule.status < 400;

/** The site path a rule redirects to (query dropped, trailing slash normalised), or null for another site. */
function targetKey(rule: RedirectRule): string | null {
  if (!isRedirect(rule) || !rule.to.startsWith('/')) return null;
  const q = rule.to.indexOf('?');
  return normalisePath(q === -1 ? rule.to : rule.to.slice(0, q));
}

/**
 * Redirect rules no visitor could ever get out of, found at build time: a rule that redirects its own path
 * to itself (forced or not: without `!` it only applies when no file is there, and then it loops), and
 * cycles of forced redirects between plain paths (`/a /b 301!` and `/b /a 301!`), which apply whatever
 * files the site has. Each loop is returned once, its rules in the order a visitor would follow them.
 *
 * Only static rules are followed: a dynamic rule's target depends on the request (and one that grows the
 * path each hop ends at the edge's path cap with 414), and one that shadows a static rule earlier in the
 * file is ignored here, so a loop found may in rare cases be one that the dynamic rule already prevents;
 * skipping it then loses nothing a visitor could reach. Clean-URL redirects are not followed: the edge
 * serves a file in place when a forced rule claims its clean URL, so they add no loop.
 */
export function findRedirectLoops(rules: readonly RedirectRule[]): RedirectRule[][] {
  const loops: RedirectRule[][] = [];
  /** Per path, the rule a request for it follows when a file exists there: its first forced rule. */
  const forced = new Map<string, RedirectRule>();
  for (const rule of rules) {
    if (isDynamicRule(rule)) continue;
    const key = normalisePath(rule.from);
    if (targetKey(rule) === key) {
      loops.push([rule]);
      continue;
    }
    if (rule.force && !forced.has(key)) forced.set(key, rule);
  }
  const state = new Map<string, 'walking' | 'done'>();
  for (const start of forced.keys()) {
    const walk: string[] = [];
    let key: string | null = start;
    while (key !== null && forced.has(key) && !state.has(key)) {
      state.set(key, 'walking');
      walk.push(key);
      key = targetKey(forced.get(key)!);
    }
    if (key !== null && state.get(key) === 'walking') loops.push(walk.slice(walk.indexOf(key)).map((k) => forced.get(k)!));
    for (const k of walk) state.set(k, 'done');
  }
  return loops;
}
