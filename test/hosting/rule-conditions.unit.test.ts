import { describe, expect, it } from 'vitest';
import { parseRedirects } from '../../src/hosting/site-rules/parse-redirects';
import { acceptedLanguages, conditionsHold, parseConditions, type RequestContext } from '../../src/hosting/site-rules/rule-conditions';
import { SiteRuleMatcher } from '../../src/hosting/site-rules/site-rule-matcher';

const matcher = (redirects: string) => new SiteRuleMatcher({ redirects: parseRedirects(redirects).rules, headers: [] });
const ctx = (acceptLanguage?: string, country?: string | null): RequestContext => ({ acceptLanguage, country: () => country ?? null });

describe('parsing conditions, 410 and proxy rules', () => {
  it('reads Language= and Country= after the status, in either case, lists lower-cased', () => {
    const { rules, problems } = parseRedirects(
      [
        '/ /en 302 Language=en,DE',
        '/ /us 302! Country=us,CA language=fr',
        '/x /y Country=gb',
        '/old /gone.html 410',
        '/api/* https://api.example.com/v1/:splat 200',
      ].join('\n'),
    );
    expect(problems).toEqual([]);
    expect(rules.map((r) => [r.status, r.force, r.conditions])).toEqual([
      [302, false, { language: ['en', 'de'] }],
      [302, true, { country: ['us', 'ca'], language: ['fr'] }],
      // Netlify's order allows the status to be left out before conditions: the default 301 applies.
      [301, false, { country: ['gb'] }],
      [410, false, undefined],
      [200, false, undefined],
    ]);
    expect(rules[4]!.to).toBe('https://api.example.com/v1/:splat');
  });

  it('refuses what it cannot honour, naming it', () => {
    const reasons = parseRedirects(
      [
        '/a /b 302 Role=admin',
        '/a /b 302 Cookie=session',
        '/api/* https://api.example.com/:splat 200 Signed=TOKEN',
        '/a /b 302 Country=usa',
        '/a /b 302 Language=en_US',
        '/a /b 302 Country=',
        '/a /b 302 Country=us Country=ca',
        '/a https://x.example/ 410',
        '/a Country=us /b 302',
        '/a /b 302 Weather=rain',
      ].join('\n'),
    ).problems.map((p) => p.reason);
    expect(reasons).toEqual([
      expect.stringMatching(/condition "Role=admin" is not supported/),
      expect.stringMatching(/condition "Cookie=session" is not supported/),
      'signed proxy rules are not supported (Signed=)',
      expect.stringMatching(/"usa" in Country= is not a two-letter country code/),
      expect.stringMatching(/"en_us" in Language= is not a language tag/),
      expect.stringMatching(/in Country= is not a two-letter country code/),
      expect.stringMatching(/Country is given twice/),
      expect.stringMatching(/status 410 with an external URL is not supported/),
      expect.stringMatching(/comes before the target/),
      expect.stringMatching(/unexpected "Weather=rain" after the status/),
    ]);
  });
});

describe('acceptedLanguages', () => {
  it('lists the tags with q > 0 in the order sent, without *', () => {
    expect(acceptedLanguages('de-CH, fr;q=0.9, en;q=0.8, *;q=0.5')).toEqual(['de-ch', 'fr', 'en']);
    expect(acceptedLanguages('en;q=0, de')).toEqual(['de']);
    expect(acceptedLanguages('')).toEqual([]);
    expect(acceptedLanguages(undefined)).toEqual([]);
    expect(acceptedLanguages('<script>, en')).toEqual(['en']);
  });
});

describe('conditionsHold', () => {
  it('a primary subtag meets its regional forms; a regional tag only itself', () => {
    expect(conditionsHold({ language: ['en'] }, ctx('en-GB'))).toBe(true);
    expect(conditionsHold({ language: ['en'] }, ctx('eng'))).toBe(false);
    expect(conditionsHold({ language: ['en-gb'] }, ctx('en-US, en'))).toBe(false);
    expect(conditionsHold({ language: ['en-gb'] }, ctx('en-gb'))).toBe(true);
    expect(conditionsHold({ language: ['en', 'de'] }, ctx('fr, de;q=0.3'))).toBe(true);
    expect(conditionsHold({ language: ['de'] }, ctx('de;q=0'))).toBe(false);
    expect(conditionsHold({ language: ['en'] }, ctx())).toBe(false);
  });

  it('a country holds only when known and listed; every condition must hold', () => {
    expect(conditionsHold({ country: ['us', 'ca'] }, ctx(undefined, 'ca'))).toBe(true);
    expect(conditionsHold({ country: ['us'] }, ctx(undefined, 'gb'))).toBe(false);
    expect(conditionsHold({ country: ['us'] }, ctx(undefined, null))).toBe(false);
    expect(conditionsHold({ country: ['us'] }, undefined)).toBe(false);
    expect(conditionsHold({ country: ['us'], language: ['es'] }, ctx('es', 'us'))).toBe(true);
    expect(conditionsHold({ country: ['us'], language: ['es'] }, ctx('en', 'us'))).toBe(false);
  });

  it('never looks the country up for a rule without a Country condition', () => {
    let lookups = 0;
    const context: RequestContext = { acceptLanguage: 'en', country: () => (lookups++, 'us') };
    expect(conditionsHold({ language: ['en'] }, context)).toBe(true);
    expect(lookups).toBe(0);
  });
});

describe('the matcher with conditions', () => {
  const rules = matcher(
    [
      '/ /de/ 302 Language=de',
      '/ /ca/ 302 Country=ca',
      '/ /en/ 302',
      '/shop/* /shop-us/:splat 302 Country=us',
      '/shop/* /shop-world/:splat 302',
      '/api/* https://api.example.com/:splat 200',
      '/old /gone.html 410',
    ].join('\n'),
  );
  const target = (path: string, context?: RequestContext) => rules.matchRedirect(path, '', false, undefined, context)?.target ?? null;

  it('skips a rule whose conditions fail and takes the next in file order, static or dynamic', () => {
    expect(target('/', ctx('de-AT', 'ca'))).toBe('/de/');
    expect(target('/', ctx('fr', 'ca'))).toBe('/ca/');
    expect(target('/', ctx('fr', 'fr'))).toBe('/en/');
    // No context: conditional rules never apply.
    expect(target('/')).toBe('/en/');
    expect(target('/shop/a', ctx(undefined, 'us'))).toBe('/shop-us/a');
    expect(target('/shop/a', ctx(undefined, 'mx'))).toBe('/shop-world/a');
  });

  it('a splat proxy rule passes on missing asset paths too (they are the other server’s to answer)', () => {
    expect(target('/api/data.json')).toBe('https://api.example.com/data.json');
  });

  it('matches a 410 rule like a 404 rule', () => {
    expect(rules.matchRedirect('/old', '', false)?.rule.status).toBe(410);
  });
});

describe('parseConditions', () => {
  it('returns an empty set for no tokens', () => {
    expect(parseConditions([])).toEqual({});
  });
});
