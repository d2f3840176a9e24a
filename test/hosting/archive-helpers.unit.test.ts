import { randomBytes } from 'node:crypto';
import * as zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import {
  ArchiveError,
  commonTopFolder,
  DEFAULT_ARCHIVE_LIMITS,
  detectArchiveKind,
  isIgnoredPath,
  looksLikeTar,
  normaliseEntryPath,
  stripTopFolder,
  type ArchiveErrorCode,
} from '../../src/hosting/archive';
import { ArchiveBudget } from '../../src/hosting/archive/budget';
import { tableCrc32 } from '../../src/hosting/archive/crc32';
import { tarEntryType, zipEntryType } from '../../src/hosting/archive/entry-types';
import { SitePlanBuilder } from '../../src/hosting/archive/site-plan';
import { PNG_HEAD, rawTar } from './support/archive-fixtures';

function codeOf(fn: () => unknown): ArchiveErrorCode | 'no error' {
  try {
    fn();
    return 'no error';
  } catch (err) {
    expect(err).toBeInstanceOf(ArchiveError);
    return (err as ArchiveError).code;
  }
}

describe('normaliseEntryPath', () => {
  it.each([
    ['index.html', 'index.html'],
    ['assets/app.js', 'assets/app.js'],
    ['assets\\app.js', 'assets/app.js'],
    ['./index.html', 'index.html'],
    ['a//b/./c', 'a/b/c'],
    ['assets/', 'assets'],
    ['./', ''],
    ['.', ''],
    ['a..b/c..', 'a..b/c..'],
    ['...', '...'],
  ])('%j -> %j', (name, expected) => {
    expect(normaliseEntryPath(name)).toBe(expected);
  });

  it.each([
    '',
    '../../etc/passwd',
    'a/../../x',
    'a/..',
    '..',
    '..\\evil',
    'a\\..\\..\\x',
    '/etc/passwd',
    '\\etc\\passwd',
    '\\\\server\\share\\x',
    'C:evil',
    'c:\\windows\\evil.dll',
    'C:/x',
    'a\0b',
  ])('refuses %j as unsafe_path', (name) => {
    expect(codeOf(() => normaliseEntryPath(name))).toBe('unsafe_path');
  });

  it('names the entry in the message', () => {
    expect(() => normaliseEntryPath('a/../../x')).toThrow(/"a\/\.\.\/\.\.\/x"/);
  });
});

describe('isIgnoredPath', () => {
  it.each([
    ['__MACOSX/site/._index.html', true],
    ['site/__MACOSX/x', true],
    ['.DS_Store', true],
    ['assets/.DS_Store', true],
    ['index.html', false],
    ['.DS_Store.html', false],
    ['__MACOSX.html', false],
  ])('%j -> %s', (path, ignored) => {
    expect(isIgnoredPath(path)).toBe(ignored);
  });
});

describe('commonTopFolder', () => {
  it('finds the single top folder', () => {
    expect(commonTopFolder(['site/index.html', 'site/a/b.css'])).toBe('site');
  });
  it('strips only one level of nesting', () => {
    const top = commonTopFolder(['a/b/index.html', 'a/b/c.js']);
    expect(top).toBe('a');
    expect(stripTopFolder('a/b/index.html', top)).toBe('b/index.html');
  });
  it('is null with a top-level file, two folders, or nothing', () => {
    expect(commonTopFolder(['site/index.html', 'readme.txt'])).toBeNull();
    expect(commonTopFolder(['a/x', 'b/y'])).toBeNull();
    expect(commonTopFolder([])).toBeNull();
  });
  it('leaves paths alone when there is no top folder', () => {
    expect(stripTopFolder('a/x', null)).toBe('a/x');
  });
});

describe('detectArchiveKind', () => {
  it('recognises zip, empty zip and gzip by their magic bytes', () => {
    expect(detectArchiveKind(Buffer.from('PK\x03\x04rest', 'latin1'))).toBe('zip');
    expect(detectArchiveKind(Buffer.from('PK\x05\x06', 'latin1'))).toBe('zip');
    expect(detectArchiveKind(zlib.gzipSync('hello'))).toBe('tar.gz');
  });
  it('rejects everything else', () => {
    expect(detectArchiveKind(PNG_HEAD)).toBeNull();
    expect(detectArchiveKind(Buffer.from('<html>'))).toBeNull();
    expect(detectArchiveKind(Buffer.from('PK'))).toBeNull();
    expect(detectArchiveKind(Buffer.alloc(0))).toBeNull();
    expect(detectArchiveKind(rawTar([{ name: 'a', data: 'x' }]))).toBeNull();
  });
});

describe('looksLikeTar', () => {
  it('accepts a real header and the empty-archive marker', () => {
    expect(looksLikeTar(rawTar([{ name: 'index.html', data: 'x' }]))).toBe(true);
    expect(looksLikeTar(Buffer.alloc(1024))).toBe(true);
  });
  it('rejects text, short input and a damaged checksum', () => {
    expect(looksLikeTar(Buffer.from('hello world '.repeat(100)))).toBe(false);
    expect(looksLikeTar(Buffer.alloc(100))).toBe(false);
    const damaged = rawTar([{ name: 'index.html', data: 'x' }]);
    damaged[0] = 0x41;
    expect(looksLikeTar(damaged)).toBe(false);
  });
});

describe('ArchiveBudget', () => {
  const limits = { maxEntries: 3, maxTotalBytes: 100, maxFileBytes: 60, maxRatio: 10, maxPathBytes: 20, maxPathDepth: 3, maxFolders: 2 };

  it('counts entries', () => {
    const budget = new ArchiveBudget(limits, 1000);
    budget.countEntry('a');
    budget.countEntry('b');
    budget.countEntry('c');
    expect(codeOf(() => budget.countEntry('d'))).toBe('too_many_entries');
    expect(codeOf(() => new ArchiveBudget(limits, 1000).checkEntryCount(4))).toBe('too_many_entries');
  });

  it('counts folders', () => {
    const budget = new ArchiveBudget(limits, 1000);
    budget.countFolder('a/');
    budget.countFolder('a/b/c');
    expect(() => budget.countFolder('a/b/c/d')).toThrow('archive has more than 2 folders, counting those in file paths (stopped at "a/b/c/d")');
  });

  it('checks declared sizes per file, in total and against the ratio', () => {
    expect(codeOf(() => new ArchiveBudget(limits, 1000).declareFile('a', 61))).toBe('too_large');
    const total = new ArchiveBudget(limits, 1000);
    total.declareFile('a', 60);
    expect(codeOf(() => total.declareFile('b', 41))).toBe('too_large');
    expect(codeOf(() => new ArchiveBudget(limits, 5, 0).declareFile('a', 51))).toBe('ratio_exceeded');
  });

  it('stops actual bytes at the first increment over a limit', () => {
    const budget = new ArchiveBudget(limits, 1000);
    const meter = budget.meter('a');
    meter.add(60);
    expect(meter.bytes).toBe(60);
    expect(codeOf(() => meter.add(1))).toBe('too_large');

    const total = new ArchiveBudget(limits, 1000);
    total.meter('a').add(60);
    expect(codeOf(() => total.meter('b').add(41))).toBe('too_large');

    const ratio = new ArchiveBudget(limits, 2, 0);
    expect(codeOf(() => ratio.meter('a').add(21))).toBe('ratio_exceeded');
  });

  it('bounds raw stream bytes by the ratio and a hard cap', () => {
    expect(codeOf(() => new ArchiveBudget(limits, 10, 0).countStream(101))).toBe('ratio_exceeded');
    const cap = limits.maxTotalBytes + limits.maxEntries * 4096 + 1024 * 1024;
    expect(codeOf(() => new ArchiveBudget({ ...limits, maxRatio: 1e9 }, 1000).countStream(cap + 1))).toBe('too_large');
  });

  it('leaves the ratio alone below the floor, where no archive is a bomb', () => {
    const tiny = new ArchiveBudget({ ...limits, maxTotalBytes: 1e9, maxFileBytes: 1e9 }, 45);
    tiny.countStream(10_240);
    tiny.meter('a').add(1024 * 1024);
    expect(codeOf(() => tiny.meter('b').add(1))).toBe('ratio_exceeded');
  });

  it('has sane defaults', () => {
    expect(DEFAULT_ARCHIVE_LIMITS).toEqual({
      maxEntries: 20_000,
      maxTotalBytes: 500 * 1024 * 1024,
      maxFileBytes: 100 * 1024 * 1024,
      maxRatio: 200,
      maxPathBytes: 1024,
      maxPathDepth: 64,
      maxFolders: 20_000,
    });
  });
});

describe('entry types', () => {
  it('reads the unix type from the zip external attributes', () => {
    expect(zipEntryType((0o100644 << 16) >>> 0, 'a.html')).toEqual({ type: 'file' });
    expect(zipEntryType((0o040755 << 16) >>> 0, 'a/')).toEqual({ type: 'directory' });
    expect(zipEntryType((0o120777 << 16) >>> 0, 'a.html').type).toBe('symlink');
    expect(zipEntryType((0o020644 << 16) >>> 0, 'tty').type).toBe('special');
    expect(zipEntryType((0o010644 << 16) >>> 0, 'fifo').type).toBe('special');
    expect(zipEntryType((0o170000 << 16) >>> 0, 'odd').type).toBe('special');
  });
  it('falls back to the name and the MS-DOS folder bit when there is no unix mode', () => {
    expect(zipEntryType(0, 'a.html').type).toBe('file');
    expect(zipEntryType(0, 'a/').type).toBe('directory');
    expect(zipEntryType(0, 'a\\').type).toBe('directory');
    expect(zipEntryType(0x10, 'a').type).toBe('directory');
  });
  it('maps tar types', () => {
    expect(tarEntryType('File').type).toBe('file');
    expect(tarEntryType('OldFile').type).toBe('file');
    expect(tarEntryType('ContiguousFile').type).toBe('file');
    expect(tarEntryType('Directory').type).toBe('directory');
    expect(tarEntryType('SymbolicLink').type).toBe('symlink');
    expect(tarEntryType('Link').type).toBe('hardlink');
    expect(tarEntryType('CharacterDevice')).toEqual({ type: 'special', label: 'character device' });
    expect(tarEntryType('GNUDumpDir').type).toBe('special');
  });
});

describe('SitePlanBuilder', () => {
  const budget = () => new ArchiveBudget(DEFAULT_ARCHIVE_LIMITS, 1_000_000);
  const file = (name: string, size = 1) => ({ name, type: 'file' as const, size });
  const folder = (name: string) => ({ name, type: 'directory' as const, size: 0 });

  it('keeps files in archive order, skips folders and ignored entries, strips the top folder', () => {
    const builder = new SitePlanBuilder(budget());
    expect(builder.add(folder('site/'))).toBe(false);
    expect(builder.add(file('site/index.html'))).toBe(true);
    expect(builder.add(file('__MACOSX/site/._index.html'))).toBe(false);
    expect(builder.add(file('site/.DS_Store'))).toBe(false);
    expect(builder.add(file('site/a/b.css'))).toBe(true);
    const plan = builder.finish();
    expect(plan.stripped).toBe('site');
    expect(plan.files).toEqual([
      { index: 1, name: 'site/index.html', path: 'index.html' },
      { index: 4, name: 'site/a/b.css', path: 'a/b.css' },
    ]);
    expect(plan.entries).toHaveLength(5);
  });

  it('refuses duplicates after normalisation', () => {
    const builder = new SitePlanBuilder(budget());
    builder.add(file('a/b.html'));
    expect(codeOf(() => builder.add(file('./a\\b.html')))).toBe('unsafe_path');
  });

  it('refuses a path that is both a file and a folder', () => {
    const one = new SitePlanBuilder(budget());
    one.add(file('a'));
    expect(codeOf(() => one.add(file('a/b')))).toBe('unsafe_path');
    const two = new SitePlanBuilder(budget());
    two.add(file('a/b'));
    expect(codeOf(() => two.add(file('a')))).toBe('unsafe_path');
    const three = new SitePlanBuilder(budget());
    three.add(folder('a/'));
    expect(codeOf(() => three.add(file('a')))).toBe('unsafe_path');
  });

  it('allows a repeated folder and the root folder', () => {
    const builder = new SitePlanBuilder(budget());
    builder.add(folder('./'));
    builder.add(folder('a/'));
    builder.add(folder('a/'));
    builder.add(file('a/x'));
    expect(builder.finish().files).toHaveLength(1);
  });

  it('refuses a file whose name is only "./"', () => {
    expect(codeOf(() => new SitePlanBuilder(budget()).add(file('./')))).toBe('unsafe_path');
  });

  it('refuses links and special entries, naming them', () => {
    expect(codeOf(() => new SitePlanBuilder(budget()).add({ name: 'l', type: 'symlink', size: 0 }))).toBe('link_entry');
    expect(codeOf(() => new SitePlanBuilder(budget()).add({ name: 'h', type: 'hardlink', size: 0 }))).toBe('link_entry');
    expect(() => new SitePlanBuilder(budget()).add({ name: 'dev/tty', type: 'special', size: 0, label: 'character device' })).toThrow(
      /"dev\/tty" is a character device/,
    );
  });

  it('refuses a path over 1,024 bytes or 64 levels, naming the entry and the limit', () => {
    const long = `${'x'.repeat(1019)}.html`; // 1,024 bytes: the most allowed
    expect(new SitePlanBuilder(budget()).add(file(long))).toBe(true);
    expect(() => new SitePlanBuilder(budget()).add(file(`y${long}`))).toThrow(
      /^entry "yx{119}…" \(1025 characters\) has a path of 1025 bytes, longer than the limit of 1024$/,
    );
    // Bytes, not characters: 342 three-byte characters are 1,026 bytes.
    expect(codeOf(() => new SitePlanBuilder(budget()).add(file('€'.repeat(342))))).toBe('path_too_long');
    // "./" segments are not part of the path and do not count.
    expect(new SitePlanBuilder(budget()).add(file(`${'./'.repeat(2000)}index.html`))).toBe(true);

    const deep = `${'d/'.repeat(63)}index.html`; // 64 levels: the most allowed
    expect(new SitePlanBuilder(budget()).add(file(deep))).toBe(true);
    expect(() => new SitePlanBuilder(budget()).add(file(`d/${deep}`))).toThrow(
      /^entry "(d\/){60}…" \(138 characters\) is 65 levels deep, deeper than the limit of 64$/,
    );
    // Folders and ignored entries are held to the same caps.
    expect(codeOf(() => new SitePlanBuilder(budget()).add(folder(`${'d/'.repeat(65)}`)))).toBe('path_too_deep');
    expect(codeOf(() => new SitePlanBuilder(budget()).add(file(`__MACOSX/${'z'.repeat(1100)}`)))).toBe('path_too_long');
  });

  it('does work linear in the names: each path segment is looked up once', () => {
    // Every file in its own 60-level branch, with the folder cap lifted to see the work.
    const plan = (files: number) => {
      const builder = new SitePlanBuilder(new ArchiveBudget({ ...DEFAULT_ARCHIVE_LIMITS, maxFolders: 1e9 }, 1_000_000));
      for (let i = 0; i < files; i++) builder.add(file(`b${i}/${'dir/'.repeat(58)}x.html`));
      builder.finish();
      return builder.nodeVisits;
    };
    expect(plan(1000)).toBe(60 * 1000);
    expect(plan(2000)).toBe(2 * plan(1000));

    // Shared folders are not walked again through their ancestors' full paths: one visit per segment.
    const shared = new SitePlanBuilder(budget());
    for (let i = 0; i < 500; i++) shared.add(file(`${'a/'.repeat(62)}f${i}`));
    expect(shared.nodeVisits).toBe(63 * 500);
  });

  it('counts folders implied by file paths against the folder cap, each once', () => {
    const builder = new SitePlanBuilder(budget());
    // 20,000 folders: "x", 333 branches of 60 below it, "y" and 18 below it.
    for (let i = 0; i < 333; i++) builder.add(file(`x/b${i}/${'d/'.repeat(59)}index.html`));
    builder.add(folder('y/'));
    builder.add(file('y/a.html'));
    for (let i = 1; i <= 18; i++) builder.add(folder(`y/${i}/`));
    // Folders already there cost nothing more.
    for (let i = 0; i < 1000; i++) builder.add(file(`x/b0/${'d/'.repeat(59)}f${i}`));
    builder.add(folder('y/18/'));
    builder.add(file('y/18/a.html'));
    expect(() => builder.add(file('y/19/a.html'))).toThrow(
      /^archive has more than 20000 folders, counting those in file paths \(stopped at "y\/19\/a\.html"\)$/,
    );
  });

  it('is empty without files', () => {
    const builder = new SitePlanBuilder(budget());
    builder.add(folder('a/'));
    builder.add(file('.DS_Store'));
    expect(codeOf(() => builder.finish())).toBe('empty');
  });
});

describe('crc32 fallback', () => {
  it('matches zlib incrementally', () => {
    const data = randomBytes(10_000);
    const whole = tableCrc32(data);
    expect(tableCrc32(data.subarray(4000), tableCrc32(data.subarray(0, 4000)))).toBe(whole);
    const native = (zlib as { crc32?: (d: Uint8Array) => number }).crc32;
    if (native) expect(whole).toBe(native(data));
  });
});
