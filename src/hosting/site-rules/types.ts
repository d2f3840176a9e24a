import type { RuleConditions } from './rule-conditions';

/** Statuses a `_redirects` rule may carry: 3xx redirect, 200 rewrite (or proxy, to a URL), 404 not found, 410 gone. */
export type RedirectStatus = 200 | 301 | 302 | 303 | 307 | 308 | 404 | 410;

/** One `_redirects` line as stored with the deployment (plain JSON, compiled by each edge). */
export interface RedirectRule {
  /** 1-based line in `_redirects`, for messages and to keep file order. */
  line: number;
  /** Path pattern: literal text, `:name` placeholders, at most one `*` (see path-pattern.ts). */
  from: string;
  /** Query conditions in order: [name, value]; a value `:name` captures, anything else must be equal. */
  query: [string, string][];
  /** A site path or an http(s) URL (3xx redirect, or 200: proxied); may use `:splat` and placeholders. */
  to: string;
  status: RedirectStatus;
  /** `!`: applies even when a file exists at the path (otherwise the file wins, as on Netlify). */
  force: boolean;
  /** `Language=` / `Country=` after the status; absent on rules without them (and on rules stored before them). */
  conditions?: RuleConditions;
}

/** One `_headers` block as stored with the deployment. */
export interface HeaderRule {
  line: number;
  path: string;
  /** [name as written, value]; values may use `:splat` and placeholders. */
  set: [string, string][];
  /** Names (lower case) removed by `! Name`. */
  detach: string[];
}

export interface SiteRules {
  redirects: RedirectRule[];
  headers: HeaderRule[];
}

/** Something in a rules file that was skipped, with why; shown in the build log. */
export interface RuleProblem {
  /** 1-based; 0 for problems about the file as a whole (e.g. a cap). */
  line: number;
  reason: string;
}

export interface ParsedRules<T> {
  rules: T[];
  problems: RuleProblem[];
}
