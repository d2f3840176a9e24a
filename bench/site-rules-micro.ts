/**
 * In-process cost of the `_redirects` matcher per request, with the edge bench's 2,100 rules: no server and
 * no client, so it is far less noisy than the HTTP rows on a shared machine. Run with
 * `node --import tsx bench/site-rules-micro.ts`.
 */
import { parseRedirects } from '../src/hosting/site-rules/parse-redirects';
import { SiteRuleMatcher } from '../src/hosting/site-rules/site-rule-matcher';
import { benchRedirects } from './scenarios/hosting-edge';

const parsed = parseRedirects(benchRedirects());
const matcher = new SiteRuleMatcher({ redirects: parsed.rules, headers: [] });
process.stdout.write(`${parsed.rules.length} rules, ${parsed.problems.length} problems\n`);
const cases = [
  ['existing file, no rule matches', '/ten-kb.bin', true],
  ['missing path, no rule matches', '/nope/x', false],
  ['static rule matches', '/old/page-1500', false],
  ['last dynamic rule matches', '/en/guide-19/a', false],
] as const;
const n = 1_000_000;
for (const [label, path, exists] of cases) {
  for (let i = 0; i < n / 10; i++) matcher.matchRedirect(path, '', exists);
  const start = process.hrtime.bigint();
  for (let i = 0; i < n; i++) matcher.matchRedirect(path, '', exists);
  process.stdout.write(`${label}: ${(Number(process.hrtime.bigint() - start) / n).toFixed(0)} ns/request\n`);
}
