import type { ArchiveErrorCode } from '../../src/hosting/archive';
import { zipBuffer, paxRecord, rawTarGz, type TarFixtureEntry } from './support/archive-fixtures';

/**
 * Small archives built to cost as much work as possible per byte uploaded,
 * shared by the tests (which check each is refused or planned in linear
 * work) and bench/hostile-inputs.ts (which measures their CPU time).
 */
export interface HostileArchive {
  name: string;
  /** What makes it hostile, for the bench report. */
  shape: string;
  /** What extraction must end with: a refusal, or the number of files of an archive within every cap. */
  expected: { refused: ArchiveErrorCode; message: RegExp } | { files: number };
  build(): Promise<Buffer>;
}

/** A folder chain `d/d/d/…` of `levels` levels, then `leaf`. */
export function nestedPath(levels: number, leaf: string, folder = 'd'): string {
  return `${`${folder}/`.repeat(levels)}${leaf}`;
}

/**
 * A chain of one-letter folders picked at random from "a" and "b": random
 * enough that gzip cannot shrink it past the 200:1 ratio cap (which would
 * refuse it before the path rules are reached), still ~15:1.
 */
export function randomNestedPath(levels: number, leaf: string, seed: number): string {
  let state = seed >>> 0 || 1;
  let path = '';
  for (let i = 0; i < levels; i++) {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    path += (state & 1) === 0 ? 'a/' : 'b/';
  }
  return path + leaf;
}

/** A tar entry whose long name travels in a pax header, as GNU and bsdtar write names over 100 bytes. */
export function paxEntries(name: string, entry: Omit<TarFixtureEntry, 'name'> = {}): TarFixtureEntry[] {
  return [
    { name: 'PaxHeader', type: 'x', data: paxRecord('path', name) },
    { name: name.slice(0, 99), ...entry },
  ];
}

function randomHex(length: number, seed: number): string {
  let state = seed >>> 0 || 1;
  let out = '';
  for (let i = 0; i < length; i++) {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    out += (state >>> 27).toString(16).slice(-1);
  }
  return out;
}

export const HOSTILE_ARCHIVES: HostileArchive[] = [
  {
    name: 'deep-paths.tar.gz',
    expected: { refused: 'path_too_long', message: /^entry "[ab/]{120}…" \(64007 characters\) has a path of 64007 bytes, longer than the limit of 1024$/ },
    shape: '30 files, each ~65 KB of nested folder names (32,000 levels)',
    build: async () => rawTarGz(Array.from({ length: 30 }, (_, i) => paxEntries(randomNestedPath(32_000, `f${i}.html`, i + 1))).flat()),
  },
  {
    name: 'long-name.tar.gz',
    expected: { refused: 'path_too_long', message: /has a path of 65005 bytes, longer than the limit of 1024$/ },
    shape: '30 files, each one ~65 KB file name in a single folder',
    build: async () => rawTarGz(Array.from({ length: 30 }, (_, i) => paxEntries(`site/${randomNestedPath(65_000, '', i + 1).replace(/\//g, '')}`)).flat()),
  },
  {
    name: 'shared-deep.tar.gz',
    expected: { files: 20_000 },
    shape: '20,000 files 64 levels deep in one chain of ~820-byte folder paths (within every cap)',
    build: async () => {
      const folders = 'abcdefghijkl/'.repeat(63);
      // Random file names keep gzip under the 200:1 ratio cap.
      return rawTarGz(Array.from({ length: 20_000 }, (_, i) => paxEntries(`${folders}f${i}-${randomHex(40, i + 1)}`)).flat());
    },
  },
  {
    name: 'wide-deep.tar.gz',
    expected: { refused: 'too_many_entries', message: /^archive has more than 20000 folders, counting those in file paths \(stopped at "b338\/dir\// },
    shape: '20,000 files, each 60 levels deep in its own branch (1.2 million folders)',
    build: async () => rawTarGz(Array.from({ length: 20_000 }, (_, i) => paxEntries(`b${i}/${nestedPath(58, 'x.html', 'dir')}`)).flat()),
  },
  {
    name: 'many-folders.tar.gz',
    expected: { files: 1 },
    shape: '19,999 folder entries and one file',
    build: async () =>
      rawTarGz([...Array.from({ length: 19_999 }, (_, i): TarFixtureEntry => ({ name: `f/${i}/`, type: '5' })), { name: 'index.html', data: 'hi' }]),
  },
  {
    name: 'long-names.zip',
    expected: { refused: 'path_too_long', message: /^entry "(d\/){60}…" \(64982 characters\) has a path of 64982 bytes, longer than the limit of 1024$/ },
    shape: '7 files with 65,000-byte nested names (zip allows 65,535)',
    build: () => zipBuffer(Array.from({ length: 7 }, (_, i) => ({ name: nestedPath(32_490, `f${i}`), data: '' }))),
  },
];
