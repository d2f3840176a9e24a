/** Possessive determiners: "their report" is a noun phrase, where a bare "her" may be a pronoun. */
export const POSSESSIVES: ReadonlySet<string> = new Set(['its', 'his', 'her', 'their', 'our', 'my', 'your']);

/** The words a plain noun phrase opens with: articles, demonstratives, possessives, "some" and "many". */
export const DETERMINERS: ReadonlySet<string> = new Set(['the', 'a', 'an', 'this', 'that', 'these', 'those', ...POSSESSIVES, 'some', 'many']);

/**
 * Quantifiers that also open a phrase the voice change may move ("several reviewers read it" → "it was
 * read by several reviewers"); the coordination swap leaves pairs with them alone.
 */
export const QUANTIFIERS: ReadonlySet<string> = new Set(['several', 'each', 'every', 'both', 'all', 'most', 'few']);

/** Comparatives that open a phrase the coordination swap may move ("more land and fewer roads"); the voice change does not take them. */
export const COMPARATIVES: ReadonlySet<string> = new Set(['more', 'fewer']);
