import { parseHeaders } from './parse-headers';
import { isDynamicRule, parseRedirects } from './parse-redirects';
import { findRedirectLoops } from './redirect-loops';
import type { RedirectRule, RuleProblem, SiteRules } from './types';

/** Files at the site root that configure the edge: read at build time, never served. */
export const RULE_FILES = { redirects: '_redirects', headers: '_headers' } as const;

export const isRuleFile = (path: string) => path === RULE_FILES.redirects || path === RULE_FILES.headers;

export interface BuildMessage {
  level: 'info' | 'warn';
  message: string;
}

const MAX_QUOTED = 200;

/**
 * Bytes of a rule file that are read: with the rule counts uncapped, this bounds the memory a deployment's
 * rules take (stored with it, compiled by every edge). Netlify's 45,000-rule benchmark file is 1.6 MB.
 */
export const MAX_RULE_FILE_BYTES = 10 * 1024 * 1024;

/** The file cut after its last whole line within the cap, with a warning, or as it is. */
function capFile(file: string, text: string): { text: string; message: BuildMessage | null } {
  if (Buffer.byteLength(text, 'utf8') <= MAX_RULE_FILE_BYTES) return { text, message: null };
  const head = Buffer.from(text, 'utf8').subarray(0, MAX_RULE_FILE_BYTES).toString('utf8');
  const kept = head.slice(0, head.lastIndexOf('\n') + 1);
  const line = kept.split('\n').length;
  return {
    text: kept,
    message: { level: 'warn', message: `${file}: only the first ${MAX_RULE_FILE_BYTES / 1024 / 1024} MiB are read; lines from ${line} on are skipped.` },
  };
}

function problemLine(file: string, lines: string[], p: RuleProblem): BuildMessage {
  if (p.line === 0) return { level: 'warn', message: `${file}: ${p.reason}.` };
  const text = (lines[p.line - 1] ?? '').trim();
  const quoted = text.length > MAX_QUOTED ? `${text.slice(0, MAX_QUOTED)}…` : text;
  return { level: 'warn', message: `${file} line ${p.line} skipped: ${p.reason}: "${quoted}"` };
}

function loopLine(loop: RedirectRule[]): BuildMessage {
  const first = loop[0]!;
  if (loop.length === 1) {
    return {
      level: 'warn',
      message: `${RULE_FILES.redirects} line ${first.line} skipped: it redirects ${first.from} to itself, a loop no visitor could leave.`,
    };
  }
  const path = [...loop.map((r) => r.from), first.from].join(' → ');
  return {
    level: 'warn',
    message: `${RULE_FILES.redirects} lines ${loop.map((r) => r.line).join(', ')} skipped: these forced redirects form a loop no visitor could leave (${path}).`,
  };
}

/**
 * Parses the rule files of a build into what the deployment stores, with the build log lines that say
 * how many rules were read and why any line was skipped. Bad lines never fail the build (Netlify does the
 * same); the rest of the file applies.
 */
export function readSiteRules(given: { redirects?: string; headers?: string }): { rules: SiteRules | null; messages: BuildMessage[] } {
  const messages: BuildMessage[] = [];
  const rules: SiteRules = { redirects: [], headers: [] };
  const files = { ...given };
  for (const key of ['redirects', 'headers'] as const) {
    const text = files[key];
    if (text === undefined) continue;
    const cut = capFile(RULE_FILES[key], text);
    if (cut.message) messages.push(cut.message);
    files[key] = cut.text;
  }
  if (files.redirects !== undefined) {
    const parsed = parseRedirects(files.redirects);
    // A redirect that leads back to where it started would bounce a visitor until the browser gives up.
    const loops = findRedirectLoops(parsed.rules);
    const looping = new Set(loops.flat());
    const kept = parsed.rules.filter((r) => !looping.has(r));
    const dynamic = kept.filter(isDynamicRule).length;
    rules.redirects = kept;
    const problems = parsed.problems.length + loops.length;
    messages.push({
      level: 'info',
      message: `${RULE_FILES.redirects}: read ${kept.length} rule${kept.length === 1 ? '' : 's'} (${kept.length - dynamic} static, ${dynamic} dynamic)${problems ? `; ${problems} problem${problems === 1 ? '' : 's'} below` : ''}.`,
    });
    const lines = files.redirects.split(/\r?\n/);
    for (const p of parsed.problems) messages.push(problemLine(RULE_FILES.redirects, lines, p));
    for (const loop of loops) messages.push(loopLine(loop));
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
