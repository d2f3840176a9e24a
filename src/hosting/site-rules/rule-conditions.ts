/**
 * Netlify's `_redirects` conditions, written after the status: `Language=en,de` (the visitor's
 * Accept-Language) and `Country=us,ca` (the visitor's country, from the edge's GeoIP database). A rule
 * with conditions applies only when every one of them holds; each holds when any of its values does.
 * `Role=` (Netlify Identity) and `Cookie=` need a login system of Netlify's and are not supported.
 */

/** Lower-case lists; absent means "no such condition". */
export interface RuleConditions {
  language?: string[];
  country?: string[];
}

/** What conditions are judged against; read lazily, since most requests meet no conditional rule. */
export interface RequestContext {
  /** The Accept-Language header as sent. */
  acceptLanguage?: string;
  /** The visitor's ISO 3166-1 alpha-2 country, lower case; null when unknown (private address, no database). */
  country?: () => string | null;
}

const KNOWN = /^(language|country)=(.*)$/i;
const UNSUPPORTED = /^(role|cookie)=/i;
const SIGNED = /^(signed|sign)=/i;
/** A BCP 47 tag as browsers send them: `en`, `en-GB`, `zh-Hant-TW`. */
const LANGUAGE_TAG = /^[a-z]{1,8}(-[a-z0-9]{1,8})*$/;
const COUNTRY_CODE = /^[a-z]{2}$/;

/** Whether a token after the target is a condition (supported or not) rather than a status. */
export function isConditionToken(token: string): boolean {
  return KNOWN.test(token) || UNSUPPORTED.test(token) || SIGNED.test(token);
}

/** The tokens after the status as conditions, or why they cannot be used. */
export function parseConditions(tokens: string[]): RuleConditions | string {
  const conditions: RuleConditions = {};
  for (const token of tokens) {
    if (SIGNED.test(token)) return 'signed proxy rules are not supported (Signed=)';
    if (UNSUPPORTED.test(token))
      return `the condition "${token}" is not supported (Kiln has Language= and Country=; Role= and Cookie= need Netlify's login system)`;
    const m = KNOWN.exec(token);
    if (!m) return `unexpected "${token}" after the status (conditions are Language=… or Country=…)`;
    const kind = m[1]!.toLowerCase() as 'language' | 'country';
    if (conditions[kind]) return `${m[1]} is given twice; list the values once, comma-separated`;
    const values = m[2]!.split(',').map((v) => v.trim().toLowerCase());
    const pattern = kind === 'language' ? LANGUAGE_TAG : COUNTRY_CODE;
    const bad = values.find((v) => !pattern.test(v));
    if (bad !== undefined) {
      return kind === 'language'
        ? `"${bad || m[2]}" in ${m[1]}= is not a language tag (e.g. en, de, pt-BR)`
        : `"${bad || m[2]}" in ${m[1]}= is not a two-letter country code (e.g. us, ca)`;
    }
    conditions[kind] = [...new Set(values)];
  }
  return conditions;
}

/**
 * The languages an Accept-Language header accepts (lower case, q > 0), in the order sent. `*` is dropped:
 * a rule for a language is not meant for "anything".
 */
export function acceptedLanguages(header: string | undefined): string[] {
  if (!header) return [];
  const out: string[] = [];
  // A header is capped by Node's header size limit; the number of entries is capped here all the same.
  for (const part of header.split(',', 64)) {
    const [tag, ...params] = part.split(';');
    const name = tag!.trim().toLowerCase();
    if (name === '' || name === '*' || !LANGUAGE_TAG.test(name)) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (q !== undefined && !(Number(q.slice(2)) > 0)) continue;
    out.push(name);
  }
  return out;
}

/** `en` is met by `en`, `en-GB`, `en-US`…; `en-GB` only by `en-GB` (and its own subtags, `en-GB-oxendict`). */
function languageMet(wanted: string, accepted: string): boolean {
  return accepted === wanted || (accepted.startsWith(wanted) && accepted.charCodeAt(wanted.length) === 45) /* - */;
}

export function conditionsHold(conditions: RuleConditions, context: RequestContext | undefined): boolean {
  if (conditions.language) {
    const accepted = acceptedLanguages(context?.acceptLanguage);
    if (!conditions.language.some((wanted) => accepted.some((a) => languageMet(wanted, a)))) return false;
  }
  if (conditions.country) {
    const country = context?.country?.() ?? null;
    if (country === null || !conditions.country.includes(country)) return false;
  }
  return true;
}

export const hasConditions = (c: RuleConditions | undefined): c is RuleConditions => c !== undefined && (c.language !== undefined || c.country !== undefined);
