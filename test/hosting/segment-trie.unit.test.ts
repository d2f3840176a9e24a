import { describe, expect, it } from 'vitest';
import { acceptedPattern, compilePattern, matchPattern, normalisePath, patternProblem } from '../../src/hosting/site-rules/path-pattern';
import { parseHeaders } from '../../src/hosting/site-rules/parse-headers';
import { parseRedirects } from '../../src/hosting/site-rules/parse-redirects';
import { SegmentTrie, type TrieMatch, type TrieWork } from '../../src/hosting/site-rules/segment-trie';
import { SiteRuleMatcher } from '../../src/hosting/site-rules/site-rule-matcher';

/** The dynamic patterns of the rule tests (site-rules, edge-site-rules) and the edge bench, plus odd ones. */
const PATTERNS = [
  '/blog/*',
  '/users/:id',
  '/users/:id/posts/:post/',
  '/*',
  '/:lang/docs/*',
  '/en/*',
  '/:lang/guide-1',
  '/:lang/guide-12',
  '/blog*',
  '/docs/*',
  '/docs/private/*',
  '/people/:name',
  '/assets/*',
  '/assets/open/*',
  '/en/*',
  '/hop/*',
  '/slash/*',
  '/legacy-3/*',
  '/p3/:id',
  '/:lang/guide-3/*',
  '/:id*',
  '/a/:b*',
  '/a:b/*',
  '/x/:a/:a',
  '/a//:b',
  '/a//*',
  '/:a/:b/never-1/*',
  '/a.b/:c',
  '/(x)/:y',
];

const PATHS = [
  '/',
  '/blog',
  '/blog/',
  '/blog/a/b',
  '/blogger',
  '/blogroll/x',
  '/users/7',
  '/users/7/',
  '/users/7/posts/9',
  '/users/7/x/9',
  '/users/7/8/posts/9',
  '/en/docs/a',
  '/en/guide-12',
  '/fr/guide-1',
  '/fr/guide-123',
  '/docs/private/x',
  '/people/ada',
  '/assets/open/x.json',
  '/legacy-3/a/b',
  '/p3/42',
  '/en/guide-3',
  '/en/guide-3/intro',
  '/a/b',
  '/a/bc/d',
  '/a:b/x',
  '/x/1/2',
  '/a//c',
  '/a//',
  '/a///x',
  '//x',
  '/q/r/never-1/z',
  '/q//never-1',
  '/a.b/c',
  '/aXb/c',
  '/(x)/y',
  '/%2F/%20',
  '/ü/é',
];

/** The regex compiled per pattern (the matcher before the tree) and the tree, each giving "index {captures}" per match. */
function both(patterns: string[]) {
  const compiled = patterns.map(compilePattern);
  const trie = new SegmentTrie<number>();
  patterns.forEach((p, i) => trie.add(acceptedPattern(p), i));
  return {
    reference: (path: string) =>
      compiled.flatMap((c, i) => {
        const values = matchPattern(c, normalisePath(path));
        return values === null ? [] : [`${i} ${JSON.stringify(values)}`];
      }),
    viaTrie: (path: string, work?: TrieWork) => {
      const out: TrieMatch<number>[] = [];
      trie.match(normalisePath(path), out, work);
      return out.sort((a, b) => a.value - b.value).map((m) => `${m.value} ${JSON.stringify(m.values)}`);
    },
  };
}

/** A deterministic generator, so a failure names a reproducible case. */
function random(seed: number) {
  let s = seed;
  return () => {
    s = (s * 1_103_515_245 + 12_345) % 2_147_483_648;
    return s / 2_147_483_648;
  };
}

describe('SegmentTrie', () => {
  it('matches exactly what the per-rule regexes matched, captures included', () => {
    for (const p of PATTERNS) expect(patternProblem(p)).toBeNull();
    const { reference, viaTrie } = both(PATTERNS);
    for (const path of PATHS) expect(viaTrie(path), path).toEqual(reference(path));
  });

  it('agrees with the regexes on thousands of generated patterns and paths', () => {
    const rnd = random(24);
    const pick = <T>(xs: readonly T[]) => xs[Math.floor(rnd() * xs.length)]!;
    const words = ['a', 'b', 'ab', '', 'x.y', ':c'];
    const patterns: string[] = [];
    for (let i = 0; i < 300; i++) {
      const n = 1 + Math.floor(rnd() * 4);
      let p = '';
      for (let j = 0; j < n; j++) p += `/${pick([...words, ':p', ':q'])}`;
      const end = pick(['', '/', '*', '/*']);
      p += end;
      if (patternProblem(p) !== null || compilePattern(p).isStatic) continue;
      patterns.push(p);
    }
    expect(patterns.length).toBeGreaterThan(150);
    expect(patterns.some((p) => p.includes('*') && !p.endsWith('*'))).toBe(false);
    const { reference, viaTrie } = both(patterns);
    for (let i = 0; i < 2_000; i++) {
      const n = 1 + Math.floor(rnd() * 6);
      let path = '';
      for (let j = 0; j < n; j++) path += `/${pick(words)}`;
      if (rnd() < 0.2) path += '/';
      expect(viaTrie(path), path).toEqual(reference(path));
    }
  });

  it('agrees with the regexes on splats anywhere, several splats and placeholders inside segments', () => {
    const rnd = random(27);
    const pick = <T>(xs: readonly T[]) => xs[Math.floor(rnd() * xs.length)]!;
    const parts = ['a', 'b', 'ab', '', 'x.y', ':c', ':p', '*', '*', '*.js', 'a*', 'a*b', ':p.js', ':p-:q', 'a-:p', '*a*'];
    const patterns: string[] = [];
    for (let i = 0; i < 600; i++) {
      const n = 1 + Math.floor(rnd() * 4);
      let p = '';
      for (let j = 0; j < n; j++) p += `/${pick(parts)}`;
      p += pick(['', '', '/', '/*']);
      if (patternProblem(p) !== null || compilePattern(p).isStatic) continue;
      patterns.push(p);
    }
    expect(patterns.length).toBeGreaterThan(200);
    expect(patterns.filter((p) => p.split('*').length > 2).length).toBeGreaterThan(20);
    expect(patterns.filter((p) => /[^/]:|:[a-z]+[^a-z/]/.test(p)).length).toBeGreaterThan(20);
    const { reference, viaTrie } = both(patterns);
    const words = ['a', 'b', 'ab', '', 'x.y', 'a.js', 'b-c', 'a-b-c.js', 'ba', 'aab'];
    for (let i = 0; i < 3_000; i++) {
      const n = 1 + Math.floor(rnd() * 6);
      let path = '';
      for (let j = 0; j < n; j++) path += `/${pick(words)}`;
      if (rnd() < 0.2) path += '/';
      expect(viaTrie(path), path).toEqual(reference(path));
    }
  });

  it('visits no more nodes for a path of 2,600 segments than for one of 4', () => {
    // The flood: 100 rules whose first segments are placeholders, so no literal prefix rules any out.
    const patterns = Array.from({ length: 100 }, (_, i) => `/:a/:b/never-${i}/*`);
    const trie = new SegmentTrie<number>();
    patterns.forEach((p, i) => trie.add(acceptedPattern(p), i));
    const visits = (path: string) => {
      const work = { nodes: 0 };
      const out: TrieMatch<number>[] = [];
      trie.match(path, out, work);
      return { nodes: work.nodes, matched: out.length };
    };
    const short = visits('/x/aaaa/aaaa/aaaa');
    const long = visits(`/x${'/aaaaa'.repeat(2_599)}`);
    expect(long).toEqual(short);
    expect(long.nodes).toBeLessThanOrEqual(trie.nodeCount);
    expect(long.matched).toBe(0);
    // One that does match still visits at most every node once.
    const hit = visits(`/x/y/never-7${'/z'.repeat(2_000)}`);
    expect(hit.matched).toBe(1);
    expect(hit.nodes).toBeLessThanOrEqual(trie.nodeCount);
  });
});

describe('SiteRuleMatcher on the compiled tree', () => {
  it('bounds the work of a long path through 100 dynamic redirects and 100 dynamic header blocks', () => {
    const redirects = Array.from({ length: 100 }, (_, i) => `/:a/:b/never-${i}/* /x/:a/:b/:splat 301!`).join('\n');
    const headers = Array.from({ length: 100 }, (_, i) => `/:a/:b/never-${i}/*\n  X-Rule: ${i}`).join('\n');
    const m = new SiteRuleMatcher({ redirects: parseRedirects(redirects).rules, headers: parseHeaders(headers).rules });
    const cost = (path: string) => {
      const work = { nodes: 0 };
      expect(m.matchRedirect(path, '', false, work)).toBeNull();
      expect(m.headersFor(path, work)).toBeNull();
      return work.nodes;
    };
    const short = cost('/x/aaaa/aaaa/aaaa');
    // Before the tree, this path ran 200 regexes over its 15 KB; now it walks the same 3 levels as the short one.
    expect(cost(`/y${'/aaaaa'.repeat(2_599)}`)).toBe(short);
    expect(short).toBeLessThanOrEqual(2 * (1 + 2 + 100 * 2));
  });
});
