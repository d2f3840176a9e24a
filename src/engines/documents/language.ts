import stopwords from 'stopword';

/**
 * Languages the stopword package has lists for, with the Postgres 15 text
 * search configuration for each. Languages without a built-in configuration
 * still compete (mapped to 'simple'), so Polish text is not mistaken for the
 * closest language Postgres happens to stem.
 */
const LANGUAGES: Record<string, string> = {
  ara: 'arabic',
  hye: 'armenian',
  eus: 'basque',
  cat: 'catalan',
  dan: 'danish',
  nld: 'dutch',
  eng: 'english',
  fin: 'finnish',
  fra: 'french',
  deu: 'german',
  ell: 'greek',
  hin: 'hindi',
  hun: 'hungarian',
  ind: 'indonesian',
  gle: 'irish',
  ita: 'italian',
  lit: 'lithuanian',
  nob: 'norwegian',
  por: 'portuguese',
  porBr: 'portuguese',
  ron: 'romanian',
  rus: 'russian',
  spa: 'spanish',
  swe: 'swedish',
  tur: 'turkish',
  // No Postgres 15 configuration: detected only to say "not one of the above".
  afr: 'simple',
  bul: 'simple',
  ces: 'simple',
  epo: 'simple',
  est: 'simple',
  glg: 'simple',
  hrv: 'simple',
  lat: 'simple',
  lav: 'simple',
  msa: 'simple',
  pol: 'simple',
  slk: 'simple',
  slv: 'simple',
  swa: 'simple',
  tgl: 'simple',
  ukr: 'simple',
  vie: 'simple',
};

const SAMPLE_CHARS = 20_000;
const MIN_HITS = 5;
const MIN_SHARE = 0.08;

interface Index {
  configs: string[];
  /** Word → the languages (indices into configs) whose list has it. */
  words: Map<string, number[]>;
}

let index: Index | undefined;

function buildIndex(): Index {
  const configs: string[] = [];
  const words = new Map<string, number[]>();
  for (const [code, config] of Object.entries(LANGUAGES)) {
    const list = stopwords[code];
    if (!Array.isArray(list)) continue;
    const lang = configs.push(config) - 1;
    for (const word of new Set(list.map((w) => w.toLowerCase()))) {
      const langs = words.get(word);
      if (langs) langs.push(lang);
      else words.set(word, [lang]);
    }
  }
  return { configs, words };
}

/**
 * The Postgres text search configuration for a text, by stopword counting
 * over its first 20k characters. A word shared by several lists ("a", "de")
 * counts for each only in proportion, so big lists full of letters and
 * short words do not win on text in other languages. Too few hits (numbers,
 * codes, a language without a list) gives 'simple'.
 */
export function textSearchConfigFor(sample: string): string {
  index ??= buildIndex();
  const { configs, words } = index;
  const scores = new Float64Array(configs.length);
  const hits = new Uint32Array(configs.length);
  let total = 0;
  for (const [token] of sample
    .slice(0, SAMPLE_CHARS)
    .toLowerCase()
    .matchAll(/\p{L}+/gu)) {
    total++;
    const langs = words.get(token);
    if (!langs) continue;
    for (const lang of langs) {
      scores[lang] = (scores[lang] as number) + 1 / langs.length;
      hits[lang] = (hits[lang] as number) + 1;
    }
  }
  // Two lists can map to one configuration (Portuguese and Brazilian Portuguese): they do not add up.
  let best = -1;
  for (let lang = 0; lang < configs.length; lang++) {
    if (best === -1 || (scores[lang] as number) > (scores[best] as number)) best = lang;
  }
  if (best === -1 || total === 0) return 'simple';
  const bestHits = hits[best] as number;
  if (bestHits < MIN_HITS || bestHits / total < MIN_SHARE) return 'simple';
  return configs[best] as string;
}
