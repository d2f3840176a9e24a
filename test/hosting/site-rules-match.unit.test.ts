import { describe, expect, it } from 'vitest';
import { HEADER_LIMITS, parseHeaders } from '../../src/hosting/site-rules/parse-headers';
import { parseRedirects, REDIRECT_LIMITS } from '../../src/hosting/site-rules/parse-redirects';
import { acceptedPattern, patternProblem } from '../../src/hosting/site-rules/path-pattern';
import { PatternBudget } from '../../src/hosting/site-rules/pattern-budget';
import { SegmentTrie, type TrieMatch, type TrieWork } from '../../src/hosting/site-rules/segment-trie';
import { MAX_RULE_FILE_BYTES, readSiteRules } from '../../src/hosting/site-rules/read-site-rules';
import { compileSiteRulesInSlices, SiteRuleMatcher } from '../../src/hosting/site-rules/site-rule-matcher';

const matcher = (redirects: string, headers = '') => new SiteRuleMatcher({ redirects: parseRedirects(redirects).rules, headers: parseHeaders(headers).rules });
const headerValues = (m: SiteRuleMatcher, path: string) => Object.fromEntries(m.headersFor(path)?.values ?? []);

describe('splats anywhere and placeholders inside a segment (issue 27)', () => {
  it('gives per-extension header rules to every path with that extension, at any depth', () => {
    const m = matcher('', ['/*.js', '  Cache-Control: public, max-age=31536000, immutable', '/*.css', '  X-Kind: css'].join('\n'));
    expect(headerValues(m, '/app.js')).toEqual({ 'Cache-Control': 'public, max-age=31536000, immutable' });
    expect(headerValues(m, '/assets/deep/chunk-1.js')).toEqual({ 'Cache-Control': 'public, max-age=31536000, immutable' });
    expect(headerValues(m, '/styles/site.css')).toEqual({ 'X-Kind': 'css' });
    expect(m.headersFor('/app.json')).toBeNull();
    expect(m.headersFor('/js')).toBeNull();
  });

  it('matches a * before a literal tail at any depth, and with nothing (its slash included) for a whole-segment *', () => {
    const m = matcher('', ['/*/_next/static/chunks/*', '  X-Chunk: :splat', '/a/*/b', '  X-Mid: [:splat]'].join('\n'));
    expect(headerValues(m, '/_next/static/chunks/main.js')).toEqual({ 'X-Chunk': 'main.js' });
    expect(headerValues(m, '/shop/en/_next/static/chunks/pages/x.js')).toEqual({ 'X-Chunk': 'pages/x.js' });
    expect(m.headersFor('/_next/static/chunksmith/x.js')).toBeNull();
    // The * of /a/*/b crosses slashes; it may also match nothing.
    expect(headerValues(m, '/a/b')).toEqual({ 'X-Mid': '[]' });
    expect(headerValues(m, '/a/x/b')).toEqual({ 'X-Mid': '[x]' });
    expect(headerValues(m, '/a/x/y/b')).toEqual({ 'X-Mid': '[x/y]' });
    expect(m.headersFor('/a/xb')).toBeNull();
    expect(m.headersFor('/a/b/c')).toBeNull();
  });

  it('redirects with a placeholder inside a segment and a splat in the middle, first match in file order', () => {
    const m = matcher(
      [
        '/images/:name.jpg /img/:name 301',
        '/docs/*/index.html /docs/:splat/ 301',
        '/:year-:month/:slug /archive/:year/:month/:slug 302',
        '/images/* /media/:splat 302',
      ].join('\n'),
    );
    expect(m.matchRedirect('/images/cat.jpg', '', false)).toMatchObject({ target: '/img/cat', rule: { status: 301 } });
    expect(m.matchRedirect('/images/cat.png', '', false)).toMatchObject({ target: '/media/cat.png' });
    // A placeholder never crosses a slash.
    expect(m.matchRedirect('/images/a/cat.jpg', '', false)).toMatchObject({ target: '/media/a/cat.jpg' });
    expect(m.matchRedirect('/docs/v2/api/index.html', '', false)).toMatchObject({ target: '/docs/v2/api/' });
    // Greedy from the left, as a regex's ([^/]+) would be.
    expect(m.matchRedirect('/2024-05-x/hello', '', false)).toMatchObject({ target: '/archive/2024-05/x/hello' });
  });

  it('keeps a colon after a letter literal, and refuses what it cannot match without backtracking', () => {
    const m = matcher('/wiki/Special:Search /search 301');
    expect(m.matchRedirect('/wiki/Special:Search', '', false)).toMatchObject({ target: '/search' });
    expect(m.matchRedirect('/wiki/Special:Other', '', false)).toBeNull();
    expect(patternProblem('/a/*/:id')).toMatch(/placeholder .* after a \* is not supported/);
    expect(patternProblem('/:a-*')).toMatch(/only supported as \/:name\*/);
    expect(patternProblem('/a/**')).toMatch(/two \* with nothing between/);
    expect(patternProblem('/*/*')).toMatch(/two \* with nothing between/);
    expect(patternProblem('/a/*/b/*', 1)).toMatch(/only once/);
    expect(parseRedirects('/a/*/b/* /x').problems[0]!.reason).toMatch(/only once/);
    expect(parseHeaders('/a/*/b/*\n  X: y').rules).toHaveLength(1);
  });
});

/** A 2,048-byte path (the edge's cap; longer ones get 414 before any rule is looked at). */
const longPath = (unit: string) => `/${unit.repeat(Math.ceil(2_047 / unit.length)).slice(0, 2_047)}`;

describe('bounded matching work (issue 27)', () => {
  it('scans the path once per hostile pattern where a backtracking regex would take exponential time', () => {
    // Each of these, as a regex, backtracks over every way to split a run of "a"s between its stars and
    // placeholders. The tree places each literal text once, so its work is linear in the path's length.
    const hostile = [
      ...Array.from({ length: 40 }, (_, i) => `/*a*a*a*a*a*a*a*a*a*b${i}`),
      ...Array.from({ length: 30 }, (_, i) => `/*aa*aa*aa*/x${i}/*`),
      ...Array.from({ length: 30 }, (_, i) => `/:a-:b-:c-:d-:e-:f-:g.x${i}`),
    ];
    // As many as one request may try (more under one path are skipped at build).
    const { rules, problems } = parseHeaders([...hostile, '/*b*c'].map((p) => `${p}\n  X-P: 1`).join('\n'));
    expect(rules).toHaveLength(HEADER_LIMITS.scanned);
    expect(problems).toEqual([{ line: 0, reason: expect.stringMatching(/^1 rule skipped .*the cap is 100 patterns one request may try/) }]);
    const trie = new SegmentTrie<number>();
    hostile.forEach((p, i) => trie.add(acceptedPattern(p), i));
    const cost = (path: string) => {
      const work: TrieWork = { nodes: 0, steps: 0 };
      const out: TrieMatch<number>[] = [];
      trie.match(path, out, work);
      expect(out).toEqual([]);
      return work;
    };
    for (const unit of ['a', 'aa/', 'a-', '-a-', 'a/aa/']) {
      const full = cost(longPath(unit));
      const half = cost(longPath(unit).slice(0, 1_024));
      // At most one forward or backward pass over the path per pattern...
      expect(full.steps, unit).toBeLessThanOrEqual(hostile.length * 2 * 2_048);
      // ...so twice the path is at most about twice the work (a backtracking regex would be far beyond).
      expect(full.steps!, unit).toBeLessThanOrEqual(2 * half.steps! + hostile.length * 64);
      expect(full.nodes, unit).toBeLessThanOrEqual(trie.nodeCount);
    }
  });

  it('visits no more nodes per request with 45,000 rules than with 100, and keeps them all', () => {
    const file = (n: number) => {
      const lines: string[] = [];
      for (let i = 0; i < n; i++) {
        if (i % 10 === 0) lines.push(`/blog-${i}/:slug /posts/${i}/:slug 301`);
        else if (i % 10 === 1) lines.push(`/docs-${i}/* /guides/${i}/:splat 301`);
        else lines.push(`/base/some-${i} /base/another-${i} 301`);
      }
      lines.push('/* /index.html 200');
      return lines.join('\n');
    };
    const small = parseRedirects(file(100));
    const large = parseRedirects(file(45_000));
    expect(large.problems).toEqual([]);
    expect(large.rules).toHaveLength(45_001);
    const cost = (m: SiteRuleMatcher, path: string) => {
      const work: TrieWork = { nodes: 0 };
      const hit = m.matchRedirect(path, '', false, work);
      return { nodes: work.nodes, target: hit?.target };
    };
    const a = new SiteRuleMatcher({ redirects: small.rules, headers: [] });
    const b = new SiteRuleMatcher({ redirects: large.rules, headers: [] });
    for (const [path, target] of [
      ['/blog-90/hello', '/posts/90/hello'],
      ['/docs-91/a/b', '/guides/91/a/b'],
      ['/base/some-42', '/base/another-42'],
      ['/nothing/here', '/index.html'],
    ] as const) {
      expect(cost(a, path)).toEqual({ nodes: expect.any(Number), target });
      expect(cost(b, path), path).toEqual(cost(a, path));
    }
    // The last rules of the large file, past Cloudflare's old caps, apply.
    expect(cost(b, '/base/some-44999').target).toBe('/base/another-44999');
    expect(cost(b, '/blog-44990/x').target).toBe('/posts/44990/x');
    expect(REDIRECT_LIMITS.rules).toBe(100_000);
  });

  it('bounds the nodes a request visits by what the parser kept, however the placeholders stack', () => {
    // Every mix of a literal and a placeholder over 12 segments: 4,095 rules that a path of twelve "a"s
    // all match, so without the cap a request would visit every node of their tree.
    const patterns = Array.from({ length: 4_095 }, (_, i) => Array.from({ length: 12 }, (_, bit) => (((i + 1) >> bit) & 1 ? '/:p' : '/a')).join(''));
    const { rules, problems } = parseRedirects(patterns.map((p) => `${p} /x 301`).join('\n'));
    expect(problems).toEqual([{ line: 0, reason: expect.stringMatching(/the cap is 1,000 pattern-tree steps one request may take/) }]);
    const m = new SiteRuleMatcher({ redirects: rules, headers: [] });
    const work: TrieWork = { nodes: 0 };
    expect(m.matchRedirect(`${'/a'.repeat(12)}`, '', false, work)?.target).toBe('/x');
    expect(work.nodes).toBeLessThanOrEqual(REDIRECT_LIMITS.visits);
    expect(work.nodes).toBeGreaterThan(REDIRECT_LIMITS.visits / 2);
  });

  it('never lets a request visit more nodes than the budget counted, on generated rules and paths', () => {
    let seed = 5;
    const rnd = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed / 2_147_483_648;
    };
    const pick = <T>(xs: readonly T[]) => xs[Math.floor(rnd() * xs.length)]!;
    const parts = ['a', 'b', ':p', ':q', 'x-:p', ':p.js', 'a*', '*.js'];
    let maxTries = 0;
    for (let round = 0; round < 20; round++) {
      const lines = Array.from({ length: 300 }, () => {
        let p = '';
        for (let j = 0, n = 1 + Math.floor(rnd() * 6); j < n; j++) p += `/${pick(parts)}`;
        return `${p}\n  X: 1`;
      });
      const budget = new PatternBudget({ visits: 150, scanned: 40 });
      const trie = new SegmentTrie<number>();
      for (const rule of parseHeaders(lines.join('\n'), { ...HEADER_LIMITS, visits: 150, scanned: 40 }).rules) {
        const parsed = acceptedPattern(rule.path);
        expect(budget.admit(parsed)).toBeNull();
        trie.add(parsed, rule.line);
      }
      for (let i = 0; i < 300; i++) {
        let path = '';
        for (let j = 0, n = 1 + Math.floor(rnd() * 7); j < n; j++) path += `/${pick(['a', 'b', 'x-a', 'a.js', 'ab'])}`;
        const work: TrieWork = { nodes: 0, tries: 0 };
        trie.match(path, [], work);
        expect(work.nodes, path).toBeLessThanOrEqual(budget.worst.visits);
        expect(work.tries, path).toBeLessThanOrEqual(budget.worst.scans);
        maxTries = Math.max(maxTries, work.tries!);
      }
    }
    // The caps were reached: the bound was tested where it binds.
    expect(maxTries).toBeGreaterThan(10);
  });

  it('keeps file order exact between static and dynamic rules in a large file', () => {
    const lines = ['/shadow/:x /first/:x 301'];
    for (let i = 0; i < 10_000; i++) lines.push(`/shadow/${i} /static/${i} 301`);
    lines.push('/late/5 /static-late 301');
    for (let i = 0; i < 3_000; i++) lines.push(`/late/:n${i % 3 === 0 ? '' : `/${i}`} /dynamic-late 301`);
    const m = matcher(lines.join('\n'));
    expect(m.matchRedirect('/shadow/7', '', false)?.target).toBe('/first/7');
    expect(m.matchRedirect('/late/5', '', false)?.target).toBe('/static-late');
    expect(m.matchRedirect('/late/6', '', false)?.target).toBe('/dynamic-late');
  });
});

describe('rule file size (issue 27)', () => {
  it('reads the first 10 MiB of a rule file and says where it stopped', () => {
    // Long lines, so the byte cap binds before the 100,000-rule one.
    const line = `/base/${'long-name-'.repeat(10)} /base/${'other-name-'.repeat(10)} 301\n`;
    const text = line.repeat(Math.ceil((MAX_RULE_FILE_BYTES + 1_000) / line.length));
    const { rules, messages } = readSiteRules({ redirects: text });
    const kept = Math.floor(MAX_RULE_FILE_BYTES / line.length);
    expect(rules?.redirects).toHaveLength(kept);
    expect(messages[0]).toEqual({ level: 'warn', message: `_redirects: only the first 10 MiB are read; lines from ${kept + 1} on are skipped.` });
  });
});

describe('header paths match whatever the case, with * anywhere and placeholders inside a segment', () => {
  it('folds the pattern but keeps placeholder names and what they capture as written', () => {
    const m = matcher('', '/*.JS\n  Cache-Control: immutable\n/Images/:Name.jpg\n  X-Name: :Name\n/wiki/Special:Search\n  X-Special: yes\n');
    expect(headerValues(m, '/a/B.js')).toMatchObject({ 'Cache-Control': 'immutable' });
    expect(headerValues(m, '/images/Ada.JPG')).toMatchObject({ 'X-Name': 'Ada' });
    // `Special:Search` is a literal segment (no placeholder after a word character): it folds as a whole.
    expect(headerValues(m, '/WIKI/special:search')).toMatchObject({ 'X-Special': 'yes' });
  });
});

describe('compiling a large rule set at the edge', () => {
  it('gives the event loop back between slices and answers as the one-piece compile does', async () => {
    const redirects = Array.from({ length: 3_000 }, (_, i) => (i % 10 === 0 ? `/p${i}/:id /q${i}/:id 301` : `/old-${i} /new-${i} 301`)).join('\n');
    const headers = Array.from({ length: 1_200 }, (_, i) => `/*.e${i}\n  X-Ext: ${i}`).join('\n');
    const rules = { redirects: parseRedirects(redirects).rules, headers: parseHeaders(headers).rules };
    let turns = 0;
    let counting = true;
    const tick = () => {
      turns++;
      if (counting) setImmediate(tick);
    };
    setImmediate(tick);
    const sliced = (await compileSiteRulesInSlices(rules, 500))!;
    counting = false;
    // 3,000 redirects and 1,200 header blocks in slices of 500: other work ran between them.
    expect(turns).toBeGreaterThanOrEqual(5);
    const whole = new SiteRuleMatcher(rules);
    for (const path of ['/old-7', '/p20/x', '/p21/x', '/nope', '/a/b.e1199', '/x.e5']) {
      expect(sliced.matchRedirect(path, '', false)).toEqual(whole.matchRedirect(path, '', false));
      expect(sliced.headersFor(path)).toEqual(whole.headersFor(path));
    }
  });
});
