import fc from 'fast-check';

/** `arb` in `percent`% of cases, else null (fc.option's `freq` is the odds of null, the other way round). */
export const sometimes = <T>(arb: fc.Arbitrary<T>, percent: number) =>
  fc.oneof({ arbitrary: fc.constant(null), weight: 100 - percent }, { arbitrary: arb, weight: percent });

/** Any UTF-16 code units: NUL, control characters and lone surrogates included. */
export const anyUnits = (maxLength = 20) => fc.string({ unit: fc.nat(0xffff).map((c) => String.fromCharCode(c)), maxLength });

/** Strings that break naive handling: NUL, lone surrogates, bidi overrides, raw bytes, plus `extra` of the caller's. */
export const nastyStrings = (...extra: string[]) =>
  fc.oneof(
    anyUnits(),
    fc.constantFrom('a\u0000b', '\u0000', 'x\ud800', '\udfffy', '\ud83d', '\ud83d\ude00', 'é', '\u202e', '   ', '', ...extra),
    fc.string({ unit: 'binary', maxLength: 30 }),
  );

/** Segments of a path parameter that are not ids: raw bytes percent-encoded, and reserved characters. */
export const oddPathSegments = [
  { arbitrary: fc.string({ unit: 'binary', maxLength: 30 }).map(encodeURIComponent), weight: 2 },
  { arbitrary: fc.string({ unit: fc.constantFrom(..."abc_-.~!$&'()*+,;=:@%0123456789ABCDEFZ".split('')), maxLength: 12 }), weight: 2 },
];

/** A query string in 30 % of requests: the route's own `known` pairs, broken escapes, and random pairs. */
export const queryStrings = (known: string[], nasty: fc.Arbitrary<string>) =>
  sometimes(
    fc.array(
      fc.oneof(
        fc.constantFrom('%zz', '%00=1', 'a=%', 'x=%2', ...known),
        fc
          .tuple(nasty, nasty)
          .map(([k, v]) => `${encodeURIComponent(k.replace(/[\ud800-\udfff]/g, ''))}=${encodeURIComponent(v.replace(/[\ud800-\udfff]/g, ''))}`),
      ),
      { minLength: 1, maxLength: 4 },
    ),
    30,
  );
