import { describe, expect, it } from 'vitest';
import { DEFAULT_ARCHIVE_LIMITS } from '../../src/hosting/archive';
import { planDigestManifest } from '../../src/hosting/archive/digest-manifest';

const a = 'a'.repeat(64);
const b = 'b'.repeat(64);
const plan = (files: Record<string, string>, limits = DEFAULT_ARCHIVE_LIMITS) => planDigestManifest(files, limits);

describe('planDigestManifest', () => {
  it('normalises paths like archive entries, keeps a single top folder, leaves macOS metadata out', () => {
    expect(plan({ './dist/index.html': a, 'dist//about.html': b, '__MACOSX/dist/._index.html': a, 'dist/.DS_Store': b })).toEqual({
      files: { 'dist/index.html': a, 'dist/about.html': b },
      hashes: [a, b],
    });
  });

  it('counts each distinct content once', () => {
    expect(plan({ 'x.html': a, 'y.html': a }).hashes).toEqual([a]);
  });

  it('a path named __proto__ is a file like any other', () => {
    const files = JSON.parse(`{"__proto__": "${a}", "index.html": "${b}"}`);
    const out = plan(files);
    expect(Object.keys(out.files).sort()).toEqual(['__proto__', 'index.html']);
    expect(Object.getPrototypeOf(out.files)).toBe(Object.prototype);
  });

  it.each([
    [{ '../x': a }, /"\.\." segment/],
    [{ '/etc/passwd': a }, /absolute/],
    [{ 'c:x': a }, /drive letter/],
    [{ 'a\0b': a }, /NUL/],
    [{ 'a/b': a, 'a//b': b }, /duplicate/],
    [{ a: a, 'a/b': b }, /both a file and a folder/],
    [{}, /no files/],
    [{ '__MACOSX/x': a }, /no files/],
  ])('refuses %j', (files, message) => {
    expect(() => plan(files as Record<string, string>)).toThrow(message);
  });

  it('applies the entry and depth caps', () => {
    expect(() => plan({ 'a.html': a, 'b.html': b, 'c.html': a }, { ...DEFAULT_ARCHIVE_LIMITS, maxEntries: 2 })).toThrow(/more than 2 entries/);
    expect(() => plan({ 'a/b/c/d.html': a }, { ...DEFAULT_ARCHIVE_LIMITS, maxPathDepth: 3 })).toThrow(/deeper than the limit of 3/);
  });
});
