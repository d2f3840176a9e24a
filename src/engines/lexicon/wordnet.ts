/**
 * WordNet 3.1 over its plain dictionary files.
 *
 * Memory/speed layout:
 * - `data.*` files stay as one Buffer each; a synset line is parsed lazily by byte offset on first access
 *   and cached.
 * - `index.*` files are parsed at load into `Map<lemma, packed>` where `packed = start * 256 + count`
 *   points into one shared `Uint32Array` of synset offsets (sense order). No per-lemma arrays.
 * - `index.sense` is read once at load into a `Uint32Array` of tag counts parallel to the offsets, then
 *   dropped.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { builtinExceptions, FALSE_BASES } from './irregular';
import type { Lexicon, SenseIds, Synset, WordNetPos } from './types';

export const POS_ORDER: readonly WordNetPos[] = ['noun', 'verb', 'adj', 'adv'];

const POS_LETTER: Record<WordNetPos, string> = { noun: 'n', verb: 'v', adj: 'a', adv: 'r' };
const LETTER_POS: Record<string, WordNetPos> = { n: 'noun', v: 'verb', a: 'adj', s: 'adj', r: 'adv' };
const FILE_SUFFIX: Record<WordNetPos, string> = { noun: 'noun', verb: 'verb', adj: 'adj', adv: 'adv' };

/** morphy's detachment rules: [suffix, replacement]. */
const RULES: Record<WordNetPos, ReadonlyArray<readonly [string, string]>> = {
  noun: [
    ['s', ''],
    ['ses', 's'],
    ['xes', 'x'],
    ['zes', 'z'],
    ['ches', 'ch'],
    ['shes', 'sh'],
    ['men', 'man'],
    ['ies', 'y'],
  ],
  verb: [
    ['s', ''],
    ['ies', 'y'],
    ['es', 'e'],
    ['es', ''],
    ['ed', 'e'],
    ['ed', ''],
    ['ing', 'e'],
    ['ing', ''],
  ],
  adj: [
    ['er', ''],
    ['est', ''],
    ['er', 'e'],
    ['est', 'e'],
  ],
  adv: [],
};

/**
 * Extra rules standing in for the missing exception lists (WordNet's `*.exc` files list these forms
 * one by one): `ied`/`ier`/`iest` → `y` (cried, happier) and a doubled final consonant (running, stopped,
 * bigger). Results are still kept only when they are lemmas.
 */
const EXTRA_RULES: Record<WordNetPos, ReadonlyArray<readonly [string, string]>> = {
  noun: [],
  verb: [['ied', 'y']],
  adj: [
    ['ier', 'y'],
    ['iest', 'y'],
  ],
  adv: [
    ['ier', 'y'],
    ['iest', 'y'],
  ],
};
const DOUBLING_SUFFIXES: Record<WordNetPos, readonly string[]> = {
  noun: [],
  verb: ['ing', 'ed'],
  adj: ['er', 'est'],
  adv: ['er', 'est'],
};

/**
 * Closed-class words (articles, pronouns, prepositions, conjunctions). WordNet only covers open-class
 * words, so its entries for these spellings are unrelated homographs (`it` → information technology,
 * `us` → United States, `a` → angstrom, `in` → inch/inward); `canonicalKey` maps them to themselves so
 * they never collide with content words. `baseForms`/`synsets` are unaffected. Auxiliaries (is, was,
 * has, did) are deliberately not here: they collide with be/have/do as inflections should.
 */
const FUNCTION_WORDS = new Set(
  (
    'a an the i me my mine myself we us our ours ourselves you your yours yourself yourselves he him his ' +
    'himself she her hers herself it its itself they them their theirs themselves this that these those ' +
    'who whom whose which what whatever whoever whichever of in on at by for with to from into onto upon ' +
    'as than and or but nor if because although though while whereas unless whether so yet then there ' +
    'here not no yes o oh'
  ).split(' '),
);

interface IndexTable {
  lemmas: Map<string, number>;
  offsets: Uint32Array;
  /** Tag count (SemCor frequency, from `index.sense`) of each entry of `offsets`. */
  tagCounts: Uint32Array;
}

export interface LoadStats {
  loadMs: number;
  lemmaCount: number;
  senseCount: number;
  exceptionFiles: string[];
}

/** Senses per (POS, base form) that `senseIds` reports: beyond these, meanings are too rare to count as a synonym. */
const MAX_SENSES = 12;
const SENSE_CACHE_LIMIT = 200_000;

function normalize(word: string): string {
  return word
    .trim()
    .toLowerCase()
    .replace(/[\s_]+/g, '_');
}

function display(lemma: string): string {
  return lemma.replace(/_/g, ' ');
}

/** Reads a decimal integer at `pos`; returns [value, position after it]. */
function readInt(buf: Buffer, pos: number): [number, number] {
  let n = 0;
  let c = buf[pos];
  while (c !== undefined && c >= 48 && c <= 57) {
    n = n * 10 + (c - 48);
    c = buf[++pos];
  }
  return [n, pos];
}

/** Index of the byte after the `n`th space from `pos` (within the line). */
function skipTokens(buf: Buffer, pos: number, n: number, end: number): number {
  for (let k = 0; k < n && pos < end; k++) {
    const sp = buf.indexOf(32, pos);
    pos = sp < 0 || sp > end ? end : sp + 1;
  }
  return pos;
}

/**
 * Parses `index.<pos>` lines `lemma pos synset_cnt p_cnt [ptr...] sense_cnt tagsense_cnt offset...` at the
 * byte level (only the lemma becomes a string). Offsets keep the line's order, which is sense order.
 */
function parseIndex(buf: Buffer): IndexTable {
  const lemmas = new Map<string, number>();
  let offsets = new Uint32Array(1 << 17);
  let used = 0;
  const len = buf.length;
  let pos = 0;
  while (pos < len) {
    let end = buf.indexOf(10, pos);
    if (end < 0) end = len;
    if (buf[pos] !== 32 && end > pos) {
      const sp = buf.indexOf(32, pos);
      if (sp > pos && sp < end) {
        const lemma = buf.toString('latin1', pos, sp);
        let p = skipTokens(buf, sp + 1, 1, end); // pos
        const [synsetCnt, p1] = readInt(buf, p);
        const [pCnt, p2] = readInt(buf, p1 + 1);
        p = skipTokens(buf, p2 + 1, pCnt + 2, end); // pointers, sense_cnt, tagsense_cnt
        if (synsetCnt > 0) {
          if (used + synsetCnt > offsets.length) {
            const grown = new Uint32Array(offsets.length * 2);
            grown.set(offsets);
            offsets = grown;
          }
          const start = used;
          for (let i = 0; i < synsetCnt && p < end; i++) {
            const [off, next] = readInt(buf, p);
            offsets[used++] = off;
            p = next + 1;
          }
          if (used > start) lemmas.set(lemma, start * 256 + Math.min(used - start, 255));
        }
      }
    }
    pos = end + 1;
  }
  const final = offsets.slice(0, used);
  return { lemmas, offsets: final, tagCounts: new Uint32Array(final.length) };
}

const SS_TYPE_POS: Record<number, WordNetPos> = { 49: 'noun', 50: 'verb', 51: 'adj', 52: 'adv', 53: 'adj' };

/**
 * Fills `tagCounts` from `index.sense` lines `lemma%ss_type:... synset_offset sense_number tag_cnt`.
 * The sense number gives the slot in the lemma's offsets; the synset offset is checked against it.
 */
function fillTagCounts(buf: Buffer, index: Record<WordNetPos, IndexTable>): void {
  const len = buf.length;
  let pos = 0;
  while (pos < len) {
    let end = buf.indexOf(10, pos);
    if (end < 0) end = len;
    const pct = buf.indexOf(37, pos); // '%'
    const space = pct < 0 || pct > end ? -1 : buf.indexOf(32, pct);
    const table = pct >= 0 && pct < end ? index[SS_TYPE_POS[buf[pct + 1] ?? 0] ?? 'noun'] : undefined;
    if (table && SS_TYPE_POS[buf[pct + 1] ?? 0] && space > 0 && space < end) {
      const packed = table.lemmas.get(buf.toString('latin1', pos, pct));
      if (packed !== undefined) {
        const [offset, p1] = readInt(buf, space + 1);
        const [senseNo, p2] = readInt(buf, p1 + 1);
        const [tagCnt] = readInt(buf, p2 + 1);
        const start = Math.floor(packed / 256);
        const count = packed % 256;
        let slot = start + senseNo - 1;
        if (senseNo < 1 || senseNo > count || table.offsets[slot] !== offset) {
          slot = -1;
          for (let i = start; i < start + count; i++) if (table.offsets[i] === offset) slot = i;
        }
        if (slot >= 0) table.tagCounts[slot] = tagCnt;
      }
    }
    pos = end + 1;
  }
}

function parseExc(text: string, into: Map<string, string[]>): void {
  for (const line of text.split('\n')) {
    const parts = line.trim().split(/\s+/);
    const form = parts[0];
    if (!form || parts.length < 2) continue;
    const list = into.get(form) ?? [];
    for (const base of parts.slice(1)) if (!list.includes(base)) list.push(base);
    into.set(form, list);
  }
}

async function readOptional(path: string): Promise<string | undefined> {
  try {
    return await readFile(path, 'latin1');
  } catch {
    return undefined;
  }
}

export class WordNetLexicon implements Lexicon {
  private readonly synsetCache = new Map<string, Synset>();
  private readonly keyCache = new Map<string, string>();
  private senseCache = new Map<string, SenseIds>();

  private constructor(
    private readonly data: Record<WordNetPos, Buffer>,
    private readonly index: Record<WordNetPos, IndexTable>,
    private readonly exceptions: Record<WordNetPos, Map<string, string[]>>,
    /** Load statistics (`loadMs` includes the JIT warm-up). */
    readonly stats: LoadStats,
  ) {}

  static async load(dictDir: string): Promise<WordNetLexicon> {
    const t0 = performance.now();
    const file = (name: string) => readFile(join(dictDir, name));
    const [dataBufs, indexBufs, senseIndex, excTexts] = await Promise.all([
      Promise.all(POS_ORDER.map((p) => file(`data.${FILE_SUFFIX[p]}`))),
      Promise.all(POS_ORDER.map((p) => file(`index.${FILE_SUFFIX[p]}`))),
      file('index.sense'),
      Promise.all(POS_ORDER.map((p) => readOptional(join(dictDir, `${FILE_SUFFIX[p]}.exc`)))),
    ]);
    const data = {} as Record<WordNetPos, Buffer>;
    const index = {} as Record<WordNetPos, IndexTable>;
    const exceptions = builtinExceptions();
    const exceptionFiles: string[] = [];
    let lemmaCount = 0;
    let senseCount = 0;
    POS_ORDER.forEach((p, i) => {
      data[p] = dataBufs[i]!;
      const table = parseIndex(indexBufs[i]!);
      index[p] = table;
      lemmaCount += table.lemmas.size;
      senseCount += table.offsets.length;
      const exc = excTexts[i];
      if (exc !== undefined) {
        parseExc(exc, exceptions[p]);
        exceptionFiles.push(`${FILE_SUFFIX[p]}.exc`);
      }
    });
    fillTagCounts(senseIndex, index);
    const stats: LoadStats = { loadMs: performance.now() - t0, lemmaCount, senseCount, exceptionFiles };
    const lexicon = new WordNetLexicon(data, index, exceptions, stats);
    lexicon.warmUp();
    stats.loadMs = performance.now() - t0;
    return lexicon;
  }

  // ---- index lookups ------------------------------------------------------------------------------

  private offsetsOf(lemma: string, pos: WordNetPos): Uint32Array | undefined {
    const table = this.index[pos];
    const packed = table.lemmas.get(lemma);
    if (packed === undefined) return undefined;
    const start = Math.floor(packed / 256);
    return table.offsets.subarray(start, start + (packed % 256));
  }

  private isLemma(lemma: string, pos: WordNetPos): boolean {
    return this.index[pos].lemmas.has(lemma);
  }

  /** Normalized (underscore) base forms. */
  private baseFormsRaw(word: string, pos: WordNetPos): string[] {
    const out: string[] = [];
    const blocked = FALSE_BASES.get(word);
    const add = (form: string) => {
      if (form.length > 0 && !out.includes(form) && this.isLemma(form, pos) && !blocked?.includes(form)) out.push(form);
    };
    add(word);
    const exc = this.exceptions[pos].get(word);
    if (exc) for (const base of exc) add(base);
    for (const [suffix, repl] of RULES[pos]) {
      if (word.length > suffix.length && word.endsWith(suffix)) {
        const base = word.slice(0, -suffix.length) + repl;
        // 2-letter verbs (be, do, go) are irregular; the rules would turn `bed` into `be`.
        if (pos !== 'verb' || base.length > 2) add(base);
      }
    }
    for (const [suffix, repl] of EXTRA_RULES[pos]) {
      if (word.length > suffix.length && word.endsWith(suffix)) add(word.slice(0, -suffix.length) + repl);
    }
    for (const suffix of DOUBLING_SUFFIXES[pos]) {
      if (word.length > suffix.length + 2 && word.endsWith(suffix)) {
        const stem = word.slice(0, -suffix.length);
        const last = stem[stem.length - 1];
        if (last !== undefined && last === stem[stem.length - 2] && !'aeiouwxy'.includes(last)) add(stem.slice(0, -1));
      }
    }
    return out;
  }

  baseForms(word: string, pos: WordNetPos): string[] {
    const w = normalize(word);
    if (!w) return [];
    return this.baseFormsRaw(w, pos).map(display);
  }

  partsOfSpeech(word: string): WordNetPos[] {
    const w = normalize(word);
    if (!w) return [];
    return POS_ORDER.filter((p) => this.baseFormsRaw(w, p).length > 0);
  }

  /** Returned synsets are shared, cached objects: treat them as read-only. */
  synsets(lemma: string, pos: WordNetPos): Synset[] {
    const offsets = this.offsetsOf(normalize(lemma), pos);
    if (!offsets) return [];
    const out: Synset[] = [];
    for (const off of offsets) {
      const s = this.synsetAt(pos, off);
      if (s) out.push(s);
    }
    return out;
  }

  tagCounts(lemma: string, pos: WordNetPos): number[] {
    const table = this.index[pos];
    const packed = table.lemmas.get(normalize(lemma));
    if (packed === undefined) return [];
    const start = Math.floor(packed / 256);
    return [...table.tagCounts.subarray(start, start + (packed % 256))];
  }

  synset(id: string): Synset | undefined {
    const m = /^([nvasr])(\d{8})$/.exec(id);
    if (!m) return undefined;
    const pos = LETTER_POS[m[1]!];
    if (!pos) return undefined;
    return this.synsetAt(pos, Number(m[2]));
  }

  // ---- synset parsing ----------------------------------------------------------------------------

  private synsetAt(pos: WordNetPos, offset: number): Synset | undefined {
    const id = synsetId(pos, offset);
    const cached = this.synsetCache.get(id);
    if (cached) return cached;
    const buf = this.data[pos];
    if (offset >= buf.length || (offset > 0 && buf[offset - 1] !== 10)) return undefined;
    let end = buf.indexOf(10, offset);
    if (end < 0) end = buf.length;
    const parsed = parseSynsetLine(buf.toString('latin1', offset, end), pos, offset);
    if (parsed) this.synsetCache.set(id, parsed);
    return parsed;
  }

  // ---- canonical key -----------------------------------------------------------------------------

  canonicalKey(word: string): string {
    const lower = word.trim().toLowerCase();
    const cached = this.keyCache.get(lower);
    if (cached !== undefined) return cached;
    const key = this.computeKey(lower);
    this.keyCache.set(lower, key);
    return key;
  }

  /**
   * Among every (POS, base form) of the word, the first (most frequent) synset whose sense has the
   * highest tag count wins; ties go to the earlier POS (noun, verb, adj, adv) and earlier base form.
   */
  private computeKey(lower: string): string {
    if (FUNCTION_WORDS.has(lower)) return lower;
    const w = normalize(lower);
    let best: string | undefined;
    let bestCount = -1;
    if (w) {
      for (const pos of POS_ORDER) {
        const table = this.index[pos];
        for (const form of this.baseFormsRaw(w, pos)) {
          const packed = table.lemmas.get(form);
          if (packed === undefined) continue;
          const slot = Math.floor(packed / 256);
          const first = table.offsets[slot];
          const count = table.tagCounts[slot] ?? 0;
          if (first !== undefined && count > bestCount) {
            bestCount = count;
            best = synsetId(pos, first);
          }
        }
      }
    }
    if (best === undefined && /.'s?$/.test(lower)) {
      // Possessives (`dog's`, `dogs'`) are not WordNet lemmas; key them as the bare word.
      return this.computeKey(lower.replace(/'s?$/, ''));
    }
    return best ?? lower;
  }

  senseIds(word: string): SenseIds {
    const lower = word.trim().toLowerCase();
    const cached = this.senseCache.get(lower);
    if (cached) return cached;
    const first: string[] = [];
    const all: string[] = [];
    const w = normalize(lower);
    if (w && !FUNCTION_WORDS.has(lower)) {
      for (const pos of POS_ORDER) {
        for (const form of this.baseFormsRaw(w, pos)) {
          const offsets = this.offsetsOf(form, pos);
          if (!offsets || offsets.length === 0) continue;
          const id0 = synsetId(pos, offsets[0]!);
          if (!first.includes(id0)) first.push(id0);
          for (let i = 0; i < Math.min(offsets.length, MAX_SENSES); i++) {
            const id = synsetId(pos, offsets[i]!);
            if (!all.includes(id)) all.push(id);
          }
        }
      }
    }
    const ids = { first, all };
    // Bulk checks meet millions of surface forms; past the limit the cache starts over.
    if (this.senseCache.size >= SENSE_CACHE_LIMIT) this.senseCache = new Map();
    this.senseCache.set(lower, ids);
    return ids;
  }

  /**
   * Runs the key computation over a couple of thousand inflected lemmas (uncached) so the JIT has
   * optimized the hot path before the first real text arrives. Costs a few ms at load.
   */
  warmUp(): void {
    const suffixes = ['', 's', 'es', 'ed', 'ing', 'er', 'est'];
    let n = 0;
    for (const pos of POS_ORDER) {
      let i = 0;
      for (const lemma of this.index[pos].lemmas.keys()) {
        if (i++ % 97 !== 0) continue;
        this.computeKey(lemma + suffixes[n++ % suffixes.length]);
        if (i > 97 * 120) break;
      }
    }
  }
}

export function synsetId(pos: WordNetPos, offset: number): string {
  return POS_LETTER[pos] + String(offset).padStart(8, '0');
}

/** Parses one `data.*` line: `offset lex_filenum ss_type w_cnt word lex_id ... p_cnt ptr... [frames] | gloss`. */
export function parseSynsetLine(line: string, pos: WordNetPos, offset: number): Synset | undefined {
  const bar = line.indexOf(' | ');
  const head = (bar < 0 ? line : line.slice(0, bar)).trim().split(' ');
  const glossText = bar < 0 ? '' : line.slice(bar + 3).trim();
  if (head.length < 4 || Number(head[0]) !== offset) return undefined;
  const wCnt = parseInt(head[3]!, 16);
  const lemmas: string[] = [];
  let i = 4;
  for (let k = 0; k < wCnt; k++, i += 2) {
    const raw = head[i];
    if (raw === undefined) break;
    lemmas.push(display(raw.replace(/\((a|p|ip)\)$/, '')));
  }
  const pCnt = Number(head[i++]);
  const hypernyms: string[] = [];
  const related: string[] = [];
  for (let k = 0; k < pCnt; k++, i += 4) {
    const symbol = head[i];
    const target = head[i + 1];
    const targetPos = LETTER_POS[head[i + 2] ?? ''];
    if (symbol === undefined || target === undefined || !targetPos) break;
    const id = synsetId(targetPos, Number(target));
    if (symbol === '@' || symbol === '@i') {
      if (!hypernyms.includes(id)) hypernyms.push(id);
    } else if (symbol === '&' || symbol === '^' || symbol === '~' || symbol === '~i' || symbol === '%m' || symbol === '%p') {
      if (!related.includes(id)) related.push(id);
    }
  }
  const { gloss, examples } = splitGloss(glossText);
  return { id: synsetId(pos, offset), pos, lemmas, gloss, examples, hypernyms, related };
}

/** Splits `definition; "example one"; "example two"` into the definition and the quoted examples. */
export function splitGloss(text: string): { gloss: string; examples: string[] } {
  const examples: string[] = [];
  const quoteRe = /"([^"]*)"/g;
  let firstQuote = -1;
  for (let m = quoteRe.exec(text); m; m = quoteRe.exec(text)) {
    if (firstQuote < 0) firstQuote = m.index;
    const ex = m[1]!.trim();
    if (ex) examples.push(ex);
  }
  const def = firstQuote < 0 ? text : text.slice(0, firstQuote);
  const gloss = def
    .trim()
    .replace(/[\s;:,]*(?:\bas in\b)?[\s;:,]*(?:\be\.g\.|\bi\.e\.)?[\s;:,-]*$/, '')
    .trim();
  return { gloss, examples };
}
