/**
 * In-process cost of the site-rule matcher per request: no server and no client, so it is far less noisy
 * than the HTTP rows on a shared machine. Run with `node --import tsx bench/site-rules-micro.ts`.
 *
 * 1. The edge bench's 2,100 `_redirects` rules (Cloudflare's old caps), ns per request by case.
 * 2. Issue 27: a site shaped like a large real one (45,000 rules) against the same shape at 100 rules, in
 *    the same run: p50 / p99 of the matching cost per request, their ratio, and the time to read (build)
 *    and compile (edge load) the 45,000-rule file.
 * 3. The hostile worst case the parsers' caps allow: a 2,048-byte path through 200 scanned patterns.
 */
import { parseHeaders } from '../src/hosting/site-rules/parse-headers';
import { parseRedirects } from '../src/hosting/site-rules/parse-redirects';
import { readSiteRules } from '../src/hosting/site-rules/read-site-rules';
import { SiteRuleMatcher } from '../src/hosting/site-rules/site-rule-matcher';
import { benchRedirects } from './scenarios/hosting-edge';

const out = (line: string) => process.stdout.write(`${line}\n`);

function edgeBenchRules() {
  const parsed = parseRedirects(benchRedirects());
  const matcher = new SiteRuleMatcher({ redirects: parsed.rules, headers: [] });
  out(`## ${parsed.rules.length} rules (the edge bench's file), ${parsed.problems.length} problems`);
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
    out(`${label}: ${(Number(process.hrtime.bigint() - start) / n).toFixed(0)} ns/request`);
  }
}

/**
 * A large site's `_redirects`, `n` rules: mostly plain moved pages (as in Netlify's 45,000-rule benchmark
 * file, `/base/some-N /base/another-N`, and old blog URLs), about 8 % dynamic with a literal start
 * (sections, products, per-version docs, image renames), and the SPA fallback last.
 */
export function largeRedirects(n: number): string {
  const lines: string[] = [];
  for (let i = 0; lines.length < n - 1; i++) {
    const k = i % 25;
    if (k === 0) lines.push(`/products-${i}/:id /shop/${i}/:id 301`);
    else if (k === 1) lines.push(`/docs/v${i}/* /docs/latest/:splat 301`);
    else if (k === 2) lines.push(`/gallery-${i}/:name.jpg /img/${i}/:name 301`);
    else if (k === 3 && i % 50 === 3) lines.push(`/archive-${i}/:year-:month/:slug /blog/:year/:month/:slug 301`);
    else if (k < 14) lines.push(`/base/some-${i} /base/another-${i} 301`);
    else lines.push(`/blog/${2000 + (i % 25)}/${(i % 12) + 1}/post-${i} /posts/post-${i} 301!`);
  }
  lines.push('/* /index.html 200');
  return `${lines.join('\n')}\n`;
}

/** The same site's `_headers`: one block per section and per extension, at the same scale. */
export function largeHeaders(n: number): string {
  const blocks = [
    '/*\n  X-Frame-Options: DENY',
    '/*.js\n  Cache-Control: public, max-age=31536000, immutable',
    '/*.css\n  Cache-Control: public, max-age=31536000, immutable',
  ];
  for (let i = 0; blocks.length < n; i++) {
    if (i % 10 === 0) blocks.push(`/products-${i}/*\n  X-Section: products-${i}`);
    else blocks.push(`/base/some-${i}\n  Link: </base/another-${i}>; rel="canonical"`);
  }
  return `${blocks.join('\n')}\n`;
}

/** Request paths a large site sees: static hits, dynamic hits, near misses, files, deep assets. */
function requestPaths(n: number, count: number): string[] {
  const paths: string[] = [];
  for (let j = 0; j < count; j++) {
    const i = Math.floor((((j * 7_919) % 1_000_003) / 1_000_003) * n);
    const base = i - (i % 25);
    switch (j % 8) {
      case 0:
        paths.push(`/base/some-${base + 5}`);
        break;
      case 1:
        paths.push(`/products-${base}/sku-${j}`);
        break;
      case 2:
        paths.push(`/docs/v${base + 1}/guide/intro-${j}`);
        break;
      case 3:
        paths.push(`/gallery-${base + 2}/photo-${j}.jpg`);
        break;
      case 4:
        paths.push(`/blog/${2000 + ((base + 20) % 25)}/${((base + 20) % 12) + 1}/post-${base + 20}`);
        break;
      case 5:
        paths.push(`/assets/js/chunk-${j}.js`);
        break;
      case 6:
        paths.push(`/no/such/page-${j}`);
        break;
      default:
        paths.push(`/base/some-${base + 5}/x-${j}`);
    }
  }
  return paths;
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

/** ns per request for each path (one call timed at a time), after a warm-up over all of them. */
function perRequest(fn: (path: string) => unknown, paths: string[], rounds: number): number[] {
  for (const p of paths) fn(p);
  const samples: number[] = [];
  for (let r = 0; r < rounds; r++) {
    for (const p of paths) {
      const start = process.hrtime.bigint();
      fn(p);
      samples.push(Number(process.hrtime.bigint() - start));
    }
  }
  return samples.sort((a, b) => a - b);
}

function timerFloor(): number[] {
  const samples: number[] = [];
  for (let i = 0; i < 200_000; i++) {
    const start = process.hrtime.bigint();
    samples.push(Number(process.hrtime.bigint() - start));
  }
  return samples.sort((a, b) => a - b);
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}

export interface LargeSiteFigures {
  /** ns per request, by measurement and rule count (e.g. `interleaved same-requests redirects 45000`). */
  rows: Record<string, { p50: number; p99: number }>;
  /** Medians of 5, ms, by rule count: reading both files at build, compiling them at the edge. */
  readMs: Record<number, number>;
  compileMs: Record<number, number>;
}

/** Issue 27: 100 vs 45,000 rules, same shape, same run. Also a scenario of `npm run bench` (scenarios/site-rules-scale.ts). */
export function largeSite(say: (line: string) => void = out): LargeSiteFigures {
  const out = say;
  const figures: LargeSiteFigures = { rows: {}, readMs: {}, compileMs: {} };
  out('\n## issue 27: 100 vs 45,000 rules, same shape, same run');
  const floor = timerFloor();
  out(`timer floor (two hrtime calls, nothing between): p50 ${percentile(floor, 50)} ns, p99 ${percentile(floor, 99)} ns (included in every figure below)`);
  const rows = figures.rows;
  const matchers = new Map<number, SiteRuleMatcher>();
  for (const n of [100, 45_000]) {
    const redirectsText = largeRedirects(n);
    const headersText = largeHeaders(n);
    const readMs: number[] = [];
    const compileMs: number[] = [];
    let matcher: SiteRuleMatcher | null = null;
    for (let run = 0; run < 5; run++) {
      const t0 = process.hrtime.bigint();
      const read = readSiteRules({ redirects: redirectsText, headers: headersText });
      const t1 = process.hrtime.bigint();
      matcher = new SiteRuleMatcher(read.rules!);
      const t2 = process.hrtime.bigint();
      readMs.push(Number(t1 - t0) / 1e6);
      compileMs.push(Number(t2 - t1) / 1e6);
      if (run === 0) {
        const warnings = read.messages.filter((m) => m.level === 'warn');
        out(
          `${n.toLocaleString('en-US')} rules: ${read.messages
            .filter((m) => m.level === 'info')
            .map((m) => m.message)
            .join(' ')}${warnings.length ? ` WARNINGS: ${warnings.length}` : ''}`,
        );
        out(`  file sizes: _redirects ${(redirectsText.length / 1024).toFixed(0)} KiB, _headers ${(headersText.length / 1024).toFixed(0)} KiB`);
      }
    }
    figures.readMs[n] = median(readMs);
    figures.compileMs[n] = median(compileMs);
    out(
      `  read at build (parse both files, loop check): median ${median(readMs).toFixed(1)} ms; compile at the edge (maps and trees): median ${median(compileMs).toFixed(1)} ms (5 runs)`,
    );
    const m = matcher!;
    matchers.set(n, m);
    // The same request mix for both sizes, scaled to the file so hits stay hits.
    const paths = requestPaths(n, 4_000);
    const work = { nodes: 0, steps: 0, tries: 0 };
    for (const p of paths) m.matchRedirect(p, '', false, work);
    out(
      `  work per request (counted, not timed): ${(work.nodes / paths.length).toFixed(2)} tree nodes, ${(work.tries / paths.length).toFixed(2)} patterns tried, ${(work.steps / paths.length).toFixed(1)} characters scanned`,
    );
    const redirect = perRequest((p) => m.matchRedirect(p, '', false), paths, 25);
    // 4,000 distinct paths cycle through the 2,000-entry header-set cache, so every call computes.
    const headers = perRequest((p) => m.headersFor(p), paths, 25);
    // The 100-rule file's own request mix (its rules are the large file's first 100, shape for shape), so
    // the two sizes answer the very same requests: what remains is the cost of the larger index itself.
    const same = perRequest((p) => m.matchRedirect(p, '', false), requestPaths(100, 4_000), 25);
    rows[`same-requests redirects ${n}`] = { p50: percentile(same, 50), p99: percentile(same, 99) };
    out(`  matchRedirect on the 100-rule file's requests: p50 ${percentile(same, 50)} ns, p99 ${percentile(same, 99)} ns`);
    rows[`redirects ${n}`] = { p50: percentile(redirect, 50), p99: percentile(redirect, 99) };
    rows[`headers ${n}`] = { p50: percentile(headers, 50), p99: percentile(headers, 99) };
    out(
      `  matchRedirect: p50 ${percentile(redirect, 50)} ns, p99 ${percentile(redirect, 99)} ns; headersFor (uncached): p50 ${percentile(headers, 50)} ns, p99 ${percentile(headers, 99)} ns (${redirect.length.toLocaleString('en-US')} calls each)`,
    );
  }
  // Both matchers alive, measured in turn on the same requests: what is left is the size of the index
  // alone (the sequential figures above also differ by heap size and GC state at the time of each).
  const same = requestPaths(100, 4_000);
  const turns: Record<number, number[]> = { 100: [], 45000: [] };
  for (let turn = 0; turn < 6; turn++) {
    for (const n of [100, 45_000]) turns[n]!.push(...perRequest((p) => matchers.get(n)!.matchRedirect(p, '', false), same, 4));
  }
  for (const n of [100, 45_000]) turns[n]!.sort((a, b) => a - b);
  rows['interleaved same-requests redirects 100'] = { p50: percentile(turns[100]!, 50), p99: percentile(turns[100]!, 99) };
  rows['interleaved same-requests redirects 45000'] = { p50: percentile(turns[45_000]!, 50), p99: percentile(turns[45_000]!, 99) };
  out(
    `interleaved, same requests: 100 rules p50 ${percentile(turns[100]!, 50)} ns, p99 ${percentile(turns[100]!, 99)} ns; 45,000 rules p50 ${percentile(turns[45_000]!, 50)} ns, p99 ${percentile(turns[45_000]!, 99)} ns`,
  );
  for (const kind of ['interleaved same-requests redirects', 'same-requests redirects', 'redirects', 'headers']) {
    const small = rows[`${kind} 100`]!;
    const large = rows[`${kind} 45000`]!;
    out(`ratio 45,000 / 100 ${kind}: p50 ${(large.p50 / small.p50).toFixed(2)}×, p99 ${(large.p99 / small.p99).toFixed(2)}×`);
  }
  return figures;
}

function hostile() {
  out('\n## hostile: the worst the caps allow, a 2,048-byte path');
  const patterns = [
    ...Array.from({ length: 100 }, (_, i) => `/*a*a*a*a*a*a*a*a*a*b${i}`),
    ...Array.from({ length: 100 }, (_, i) => `/:a-:b-:c-:d-:e-:f-:g.x${i}`),
  ];
  const stacked = Array.from({ length: 4_095 }, (_, i) => Array.from({ length: 12 }, (_, bit) => (((i + 1) >> bit) & 1 ? '/:p' : '/a')).join(''));
  const headers = parseHeaders([...patterns, ...stacked].map((p) => `${p}\n  X-P: 1`).join('\n'));
  out(`${headers.rules.length} header rules kept; ${headers.problems.map((p) => p.reason).join('; ')}`);
  const m = new SiteRuleMatcher({ redirects: [], headers: headers.rules });
  const cases: [string, (i: number) => string][] = [
    // Over 512 bytes, so the header-set cache never holds it: every call computes.
    ['2,048 bytes of "a-"', () => `/${'a-'.repeat(1_024)}`.slice(0, 2_048)],
    // The stacked placeholders all follow it; a distinct last segment per call defeats the cache.
    ['twelve "a" segments and one more', (i) => `${'/a'.repeat(12)}/${i}`],
  ];
  for (const [label, path] of cases) {
    const work = { nodes: 0, steps: 0 };
    m.headersFor(path(-1), work);
    const samples = perRequest(
      (p) => m.headersFor(p),
      Array.from({ length: 4_000 }, (_, i) => path(i)),
      3,
    );
    out(
      `${label}: ${work.nodes} nodes, ${work.steps} scanned characters; p50 ${(percentile(samples, 50) / 1000).toFixed(1)} µs, p99 ${(percentile(samples, 99) / 1000).toFixed(1)} µs per request`,
    );
  }
}

const only = process.argv[1]?.endsWith('site-rules-micro.ts') ? process.argv[2] : 'none';
if (!only || only === 'edge') edgeBenchRules();
if (!only || only === 'large') largeSite();
if (!only || only === 'hostile') hostile();
