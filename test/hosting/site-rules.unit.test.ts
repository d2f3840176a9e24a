import { describe, expect, it } from 'vitest';
import { HEADER_LIMITS, parseHeaders } from '../../src/hosting/site-rules/parse-headers';
import { parseRedirects } from '../../src/hosting/site-rules/parse-redirects';
import { compilePattern, matchPattern } from '../../src/hosting/site-rules/path-pattern';
import { readSiteRules } from '../../src/hosting/site-rules/read-site-rules';
import { applyHeaderSet, SiteRuleMatcher } from '../../src/hosting/site-rules/site-rule-matcher';

const matcher = (redirects: string, headers = '') => new SiteRuleMatcher({ redirects: parseRedirects(redirects).rules, headers: parseHeaders(headers).rules });

describe('parseRedirects', () => {
  it('reads from, to, status and force, skipping comments and blank lines', () => {
    const { rules, problems } = parseRedirects(
      ['# moved', '', '/home / ', '/a /b 302', '/c /d 200!', '  /e   https://example.com/e   308  ', '/f /g 404'].join('\n'),
    );
    expect(problems).toEqual([]);
    expect(rules.map((r) => [r.line, r.from, r.to, r.status, r.force])).toEqual([
      [3, '/home', '/', 301, false],
      [4, '/a', '/b', 302, false],
      [5, '/c', '/d', 200, true],
      [6, '/e', 'https://example.com/e', 308, false],
      [7, '/f', '/g', 404, false],
    ]);
  });

  it('reads query conditions between from and to', () => {
    const { rules } = parseRedirects('/store id=:id /blog/:id 301\n/search q=kiln lang=:l /k/:l');
    expect(rules[0]!.query).toEqual([['id', ':id']]);
    expect(rules[1]!.query).toEqual([
      ['q', 'kiln'],
      ['lang', ':l'],
    ]);
  });

  it('reports each unusable line with its number and why', () => {
    const text = [
      '/ok /fine',
      '/only-from',
      'relative /x',
      'https://old.example/* https://new.example/:splat 301',
      '/proxy https://api.example/ 404',
      '/x /y 418',
      '/geo /us 302 Country=usa',
      '/role/* /admin/:splat 200! Role=admin',
      '/two/*/x/* /y',
      '/z //evil.example',
      '/a /b 301 extra',
      `/${'l'.repeat(1_001)} /x`,
      '/api/* https://api.example.com/:splat 200! Signed=API_SIGNATURE_TOKEN',
    ].join('\n');
    const { rules, problems } = parseRedirects(text);
    expect(rules.map((r) => r.line)).toEqual([1]);
    const byLine = Object.fromEntries(problems.map((p) => [p.line, p.reason]));
    expect(Object.keys(byLine).map(Number)).toEqual([2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13]);
    expect(byLine[2]).toMatch(/no target/);
    expect(byLine[3]).toMatch(/must start with \//);
    expect(byLine[4]).toMatch(/domain-level/);
    expect(byLine[5]).toMatch(/status 404 with an external URL is not supported/);
    expect(byLine[6]).toMatch(/status 418 is not supported/);
    expect(byLine[7]).toMatch(/"usa" in Country= is not a two-letter country code/);
    expect(byLine[8]).toMatch(/condition "Role=admin" is not supported/);
    expect(byLine[9]).toMatch(/splat .* only once/);
    expect(byLine[10]).toMatch(/starts with \/\//);
    expect(byLine[11]).toMatch(/unexpected "extra"/);
    expect(byLine[12]).toMatch(/longer than 1,000/);
    expect(byLine[13]).toMatch(/signed proxy rules are not supported/);
  });

  it('caps the rules only for memory and per-request work, and says so', () => {
    const lines = [
      ...Array.from({ length: 3 }, (_, i) => `/d/:id${'/:x'.repeat(i)} /t/:id`),
      // Under different paths these would not add up; under one they do.
      ...['js', 'css', 'txt'].map((ext) => `/g/*.${ext} /t/:splat`),
      ...Array.from({ length: 3 }, (_, i) => `/s${i} /t`),
    ];
    const { rules, problems } = parseRedirects(lines.join('\n'), { rules: 7, visits: 4, scanned: 2, lineLength: 1000 });
    expect(rules.map((r) => r.from)).toEqual(['/d/:id', '/d/:id/:x', '/g/*.js', '/g/*.css', '/s0', '/s1', '/s2']);
    expect(problems.map((p) => p.reason)).toEqual([
      expect.stringMatching(/^1 rule skipped \(lines 3–3\): the cap is 4 pattern-tree steps one request may take/),
      expect.stringMatching(/^1 rule skipped \(lines 6–6\): the cap is 2 patterns one request may try in turn/),
    ]);
    expect(parseRedirects(lines.join('\n'), { rules: 4, visits: 9, scanned: 9, lineLength: 1000 }).problems).toEqual([
      { line: 0, reason: '5 rules skipped (lines 5–9): the cap is 4 rules' },
    ]);
  });
});

describe('path patterns', () => {
  it('matches splats, placeholders and ignores trailing slashes', () => {
    const blog = compilePattern('/blog/*');
    expect(matchPattern(blog, '/blog')).toEqual({ splat: '' });
    expect(matchPattern(blog, '/blog/a/b')).toEqual({ splat: 'a/b' });
    expect(matchPattern(blog, '/blogger')).toBeNull();
    const user = compilePattern('/users/:id/posts/:post/');
    expect(matchPattern(user, '/users/7/posts/9')).toEqual({ id: '7', post: '9' });
    expect(matchPattern(user, '/users/7/x/9')).toBeNull();
    expect(matchPattern(user, '/users/7/8/posts/9')).toBeNull();
    expect(matchPattern(compilePattern('/*'), '/')).toEqual({ splat: '' });
    expect(matchPattern(compilePattern('/a.b'), '/aXb')).toBeNull();
    expect(compilePattern('/about/')).toMatchObject({ isStatic: true, prefix: '/about' });
  });
});

describe('SiteRuleMatcher.matchRedirect', () => {
  it('takes the first matching rule in file order, static or dynamic', () => {
    const m = matcher('/blog/* /news/:splat\n/blog/first /first\n/users/:id /u/:id 302\n/users/me /me');
    expect(m.matchRedirect('/blog/first', '', false)).toMatchObject({ target: '/news/first', rule: { line: 1 } });
    expect(m.matchRedirect('/users/me', '', false)).toMatchObject({ target: '/u/me', rule: { status: 302 } });
    expect(m.matchRedirect('/users/me/', '', false)).toMatchObject({ target: '/u/me' });
    expect(m.matchRedirect('/nothing', '', false)).toBeNull();
    const staticFirst = matcher('/a /static\n/* /dynamic');
    expect(staticFirst.matchRedirect('/a', '', false)).toMatchObject({ target: '/static' });
    expect(staticFirst.matchRedirect('/b', '', false)).toMatchObject({ target: '/dynamic' });
    // Rules indexed by their first segment and rules starting with a placeholder keep file order between them.
    const mixed = matcher('/:lang/docs/* /by-lang/:splat\n/en/* /english/:splat\n/:lang/guide-1 /g1\n/:lang/guide-12 /g12\n/en/guide-12 /never');
    expect(mixed.matchRedirect('/en/docs/a', '', false)).toMatchObject({ target: '/by-lang/a' });
    expect(mixed.matchRedirect('/en/guide-12', '', false)).toMatchObject({ target: '/english/guide-12' });
    expect(mixed.matchRedirect('/fr/guide-12', '', false)).toMatchObject({ target: '/g12' });
    expect(mixed.matchRedirect('/fr/guide-1', '', false)).toMatchObject({ target: '/g1' });
    expect(mixed.matchRedirect('/fr/guide-123', '', false)).toBeNull();
    const blog = matcher('/blog* /b/:splat\n/blog/* /c/:splat');
    expect(blog.matchRedirect('/blogroll', '', false)).toMatchObject({ target: '/b/roll' });
    expect(blog.matchRedirect('/blog/x', '', false)).toMatchObject({ target: '/b//x' });
  });

  it('lets an existing file win unless the rule is forced', () => {
    const m = matcher('/a /x\n/b /y 301!\n/* /index.html 200');
    expect(m.matchRedirect('/a', '', true)).toBeNull();
    expect(m.matchRedirect('/a', '', false)).toMatchObject({ target: '/x' });
    expect(m.matchRedirect('/b', '', true)).toMatchObject({ target: '/y' });
    expect(m.matchRedirect('/app/route', '', true)).toBeNull();
  });

  it('matches query conditions', () => {
    const m = matcher('/store id=:id /blog/:id 301\n/search q=kiln /k\n/search /all');
    expect(m.matchRedirect('/store', '?id=42&x=1', false)).toMatchObject({ target: '/blog/42' });
    expect(m.matchRedirect('/store', '?x=1', false)).toBeNull();
    expect(m.matchRedirect('/store', '?id=a%2Fb', false)).toMatchObject({ target: '/blog/a%2Fb' });
    expect(m.matchRedirect('/search', '?q=kiln', false)).toMatchObject({ target: '/k' });
    expect(m.matchRedirect('/search', '?q=other', false)).toMatchObject({ target: '/all' });
  });

  it('never rewrites a missing asset to the SPA fallback', () => {
    const m = matcher('/* /index.html 200');
    expect(m.matchRedirect('/app/settings', '', false)).toMatchObject({ target: '/index.html' });
    expect(m.matchRedirect('/page.html', '', false)).toMatchObject({ target: '/index.html' });
    expect(m.matchRedirect('/assets/app.123.js', '', false)).toBeNull();
    expect(m.matchRedirect('/favicon.ico', '', false)).toBeNull();
  });
});

describe('parseHeaders and headersFor', () => {
  const text = [
    '# comment',
    '/*',
    '  X-Frame-Options: DENY',
    '  X-Robots-Tag: noindex',
    '/assets/*',
    '  Cache-Control: public, max-age=31536000, immutable',
    '  X-Robots-Tag: nosnippet',
    '/assets/open/*',
    '  ! X-Frame-Options',
    '  Access-Control-Allow-Origin: *',
    '/users/:id',
    '  X-User: :id',
  ].join('\n');

  it('applies matching blocks in file order: a later block replaces a header, `! Name` detaches', () => {
    const { rules, problems } = parseHeaders(text);
    expect(problems).toEqual([]);
    expect(rules).toHaveLength(4);
    const m = new SiteRuleMatcher({ redirects: [], headers: rules });
    expect(m.headersFor('/index.html')?.values).toEqual([
      ['X-Frame-Options', 'DENY'],
      ['X-Robots-Tag', 'noindex'],
    ]);
    expect(m.headersFor('/assets/app.js')?.values).toEqual([
      ['X-Frame-Options', 'DENY'],
      ['X-Robots-Tag', 'nosnippet'],
      ['Cache-Control', 'public, max-age=31536000, immutable'],
    ]);
    const open = m.headersFor('/assets/open/x.json')!;
    expect(open.values.map(([n]) => n)).toEqual(['X-Robots-Tag', 'Cache-Control', 'Access-Control-Allow-Origin']);
    expect(open.replaces.has('x-frame-options')).toBe(true);
    expect(m.headersFor('/users/7')?.values).toContainEqual(['X-User', '7']);
  });

  it('lays rule headers over the edge headers, replacing and detaching by name', () => {
    const m = new SiteRuleMatcher({ redirects: [], headers: parseHeaders('/*\n  cache-control: no-cache\n  ! X-Content-Type-Options').rules });
    const base = { 'Content-Type': 'text/html', 'Cache-Control': 'public, max-age=0', 'X-Content-Type-Options': 'nosniff', ETag: '"x"' };
    expect(applyHeaderSet(base, m.headersFor('/'))).toEqual({ 'Content-Type': 'text/html', ETag: '"x"', 'cache-control': 'no-cache' });
    expect(applyHeaderSet(base, null)).toBe(base);
  });

  it('refuses framing and hop-by-hop headers, bad names and values, and orphan lines', () => {
    const { rules, problems } = parseHeaders(
      [
        '  X-Orphan: 1',
        '/a',
        '  Content-Length: 5',
        '  Transfer-Encoding: chunked',
        '  ! ETag',
        '  Bad Name: x',
        '  X-Ok: fine',
        '  no colon here',
        'https://example.com/*',
        '  X-Skipped: yes',
        'not-a-path',
        '  X-Skipped: yes',
      ].join('\n'),
    );
    expect(rules).toEqual([{ line: 2, path: '/a', set: [['X-Ok', 'fine']], detach: [] }]);
    // Line 11 is a header line (no leading /) inside the refused block: skipped with it, not reported again.
    expect(problems.map((p) => p.line)).toEqual([1, 3, 4, 5, 6, 8, 9]);
    expect(problems[1]!.reason).toMatch(/Content-Length is set by the edge/);
    expect(problems[6]!.reason).toMatch(/full URL .* not supported/);
  });

  it('keeps far more than 100 header rules, capping only for memory', () => {
    const text = Array.from({ length: 3_000 }, (_, i) => `/p${i}/*\n  X-N: ${i}`).join('\n');
    expect(parseHeaders(text)).toEqual({ rules: expect.any(Array), problems: [] });
    expect(parseHeaders(text).rules).toHaveLength(3_000);
    const { rules, problems } = parseHeaders(text, { ...HEADER_LIMITS, rules: 2_999 });
    expect(rules).toHaveLength(2_999);
    expect(problems).toEqual([{ line: 0, reason: '1 rule skipped (lines 5999–5999): the cap is 2,999 rules' }]);
  });
});

describe('readSiteRules', () => {
  it('counts the rules and lists each skipped line for the build log', () => {
    const { rules, messages } = readSiteRules({ redirects: '/a /b\n/c/* /d/:splat\n/bad', headers: '/*\n  X-A: 1\n  Connection: close' });
    expect(rules?.redirects).toHaveLength(2);
    expect(rules?.headers).toHaveLength(1);
    expect(messages).toEqual([
      { level: 'info', message: '_redirects: read 2 rules (1 static, 1 dynamic); 1 problem below.' },
      { level: 'warn', message: '_redirects line 3 skipped: no target: a rule is "from to [status]": "/bad"' },
      { level: 'info', message: '_headers: read 1 rule; 1 problem below.' },
      { level: 'warn', message: expect.stringMatching(/^_headers line 3 skipped: Connection is set by the edge .*: "Connection: close"$/) },
    ]);
    expect(readSiteRules({}).rules).toBeNull();
  });
});

describe('redirect loops and cookies (issue 24)', () => {
  it('skips a rule that redirects to itself and cycles of forced rules, naming their lines', () => {
    const { rules, messages } = readSiteRules({
      redirects: [
        '/self /self 301!',
        '/soft /soft/ 302',
        '/ping /pong 302!',
        '/pong /ping?x=1 301!',
        '/a /b 301!',
        '/b /c 301!',
        '/c /a 301!',
        '/d /a 301!',
        '/chain /end 301!',
        '/end /chain 301',
        '/blog/* /blog/:splat 301!',
        '/away /away 302!',
      ].join('\n'),
    });
    expect(rules?.redirects.map((r) => r.line)).toEqual([8, 9, 10, 11]);
    expect(messages).toEqual([
      { level: 'info', message: '_redirects: read 4 rules (3 static, 1 dynamic); 5 problems below.' },
      { level: 'warn', message: '_redirects line 1 skipped: it redirects /self to itself, a loop no visitor could leave.' },
      { level: 'warn', message: '_redirects line 2 skipped: it redirects /soft to itself, a loop no visitor could leave.' },
      { level: 'warn', message: '_redirects line 12 skipped: it redirects /away to itself, a loop no visitor could leave.' },
      { level: 'warn', message: '_redirects lines 3, 4 skipped: these forced redirects form a loop no visitor could leave (/ping → /pong → /ping).' },
      { level: 'warn', message: '_redirects lines 5, 6, 7 skipped: these forced redirects form a loop no visitor could leave (/a → /b → /c → /a).' },
    ]);
  });

  it('refuses Set-Cookie in _headers with the line, and never sends one an older deployment stored', () => {
    const { rules, problems } = parseHeaders('/*\n  Set-Cookie: x=1; Domain=kiln.example\n  X-Ok: 1\n/a\n  set-cookie2: y=2');
    expect(rules).toEqual([{ line: 1, path: '/*', set: [['X-Ok', '1']], detach: [] }]);
    expect(problems.map((p) => p.line)).toEqual([2, 5]);
    expect(problems[0]!.reason).toMatch(/^Set-Cookie cannot be sent from _headers: sites share the hosting domain/);
    const stored = new SiteRuleMatcher({
      redirects: [],
      headers: [
        {
          line: 1,
          path: '/*',
          set: [
            ['Set-Cookie', 'x=1; Domain=kiln.example'],
            ['X-Ok', '1'],
          ],
          detach: [],
        },
      ],
    });
    expect(stored.headersFor('/page')?.values).toEqual([['X-Ok', '1']]);
    const onlyCookie = new SiteRuleMatcher({ redirects: [], headers: [{ line: 1, path: '/*', set: [['Set-Cookie', 'x=1']], detach: [] }] });
    expect(onlyCookie.hasHeaders).toBe(false);
  });
});
