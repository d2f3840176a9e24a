import { parseHeaders } from './parse-headers';
import { isDynamicRule, parseRedirects } from './parse-redirects';
import type { RuleProblem, SiteRules } from './types';

/** Files at the site root that configure the edge: read at build time, never served. */
export const RULE_FILES = { redirects: '_redirects', headers: '_headers' } as const;

export const isRuleFile = (path: string) => path === RULE_FILES.redirects || path === RULE_FILES.headers;

export interface BuildMessage {
  level: 'info' | 'warn';
  message: string;
}

const MAX_QUOTED = 200;

function problemLine(file: string, lines: string[], p: RuleProblem): BuildMessage {
  if (p.line === 0) return { level: 'warn', message: `${file}: ${p.reason}.` };
  const text = (lines[p.line - 1] ?? '').trim();
  const quoted = text.length > MAX_QUOTED ? `${text.slice(0, MAX_QUOTED)}…` : text;
  return { level: 'warn', message: `${file} line ${p.line} skipped: ${p.reason}: "${quoted}"` };
}

/**
 * Parses the rule files of a build into what the deployment stores, with the build log lines that say
 * how many rules were read and why any line was skipped. Bad lines never fail the build (Netlify does the
 * same); the rest of the file applies.
 */
export function readSiteRules(files: { redirects?: string; headers?: string }): { rules: SiteRules | null; messages: BuildMessage[] } {
  const messages: BuildMessage[] = [];
  const rules: SiteRules = { redirects: [], headers: [] };
  if (files.redirects !== undefined) {
    const parsed = parseRedirects(files.redirects);
    const dynamic = parsed.rules.filter(isDynamicRule).length;
    rules.redirects = parsed.rules;
    messages.push({
      level: 'info',
      message: `${RULE_FILES.redirects}: read ${parsed.rules.length} rule${parsed.rules.length === 1 ? '' : 's'} (${parsed.rules.length - dynamic} static, ${dynamic} dynamic)${parsed.problems.length ? `; ${parsed.problems.length} problem${parsed.problems.length === 1 ? '' : 's'} below` : ''}.`,
    });
    const lines = files.redirects.split(/\r?\n/);
    for (const p of parsed.problems) messages.push(problemLine(RULE_FILES.redirects, lines, p));
  }
  if (files.headers !== undefined) {
    const parsed = parseHeaders(files.headers);
    rules.headers = parsed.rules;
    messages.push({
      level: 'info',
      message: `${RULE_FILES.headers}: read ${parsed.rules.length} rule${parsed.rules.length === 1 ? '' : 's'}${parsed.problems.length ? `; ${parsed.problems.length} problem${parsed.problems.length === 1 ? '' : 's'} below` : ''}.`,
    });
    const lines = files.headers.split(/\r?\n/);
    for (const p of parsed.problems) messages.push(problemLine(RULE_FILES.headers, lines, p));
  }
  const empty = rules.redirects.length === 0 && rules.headers.length === 0;
  return { rules: empty ? null : rules, messages };
}
