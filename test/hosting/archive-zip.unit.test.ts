import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_ARCHIVE_LIMITS, extractSiteArchive, readSiteArchive, type SiteFile } from '../../src/hosting/archive';
import { expectRefusal, makeTempDir, openFdCount, renameInZip, setZipUncompressedSize, zipBuffer } from './support/archive-fixtures';

let temp: Awaited<ReturnType<typeof makeTempDir>>;
let counter = 0;
const save = async (data: Buffer, name = `fixture-${counter++}.zip`) => temp.write(name, data);
const MB = 1024 * 1024;

beforeAll(async () => {
  temp = await makeTempDir();
});
afterAll(async () => {
  await temp.cleanup();
});

describe('zip: a normal site', () => {
  it('returns every file with nested paths and byte-exact binary data, in archive order', async () => {
    const binary = randomBytes(300_000);
    // yazl turns backslashes into slashes itself, so the Windows-style name is patched in afterwards.
    const zip = await zipBuffer([
      { name: 'index.html', data: '<h1>hello</h1>' },
      { name: 'assets/', directory: true },
      { name: 'assets/js/app.js', data: 'console.log(1)' },
      { name: 'assets/img/photo.bin', data: binary, compress: false },
      { name: 'assets/img/photo-deflated.bin', data: binary },
      { name: 'empty.txt', data: '' },
      { name: 'windows_style.css', data: 'a{}' },
    ]);
    const path = await save(renameInZip(zip, 'windows_style.css', 'windows\\style.css'));
    const received: SiteFile[] = [];
    const result = await extractSiteArchive(path, DEFAULT_ARCHIVE_LIMITS, async (file) => {
      received.push(file);
    });
    expect(result).toEqual({ kind: 'zip', files: 6, bytes: 14 + 14 + 2 * 300_000 + 3, stripped: null });
    expect(received.map((file) => file.path)).toEqual([
      'index.html',
      'assets/js/app.js',
      'assets/img/photo.bin',
      'assets/img/photo-deflated.bin',
      'empty.txt',
      'windows/style.css',
    ]);
    expect(received[0]?.data.toString()).toBe('<h1>hello</h1>');
    expect(received[2]?.data.equals(binary)).toBe(true);
    expect(received[3]?.data.equals(binary)).toBe(true);
    expect(received[4]?.data.length).toBe(0);
  });

  it('awaits onFile before reading the next file', async () => {
    const path = await save(await zipBuffer(Array.from({ length: 5 }, (_, i) => ({ name: `f${i}.txt`, data: randomBytes(50_000) }))));
    let inFlight = 0;
    let maxInFlight = 0;
    await extractSiteArchive(path, undefined, async () => {
      inFlight += 1;
      maxInFlight = Math.max(maxInFlight, inFlight);
      await new Promise((resolve) => setTimeout(resolve, 5));
      inFlight -= 1;
    });
    expect(maxInFlight).toBe(1);
  });

  it('serves a single top folder from inside it, stripping one level only', async () => {
    const single = await save(
      await zipBuffer([
        { name: 'my-site/', directory: true },
        { name: 'my-site/index.html', data: 'i' },
        { name: 'my-site/css/a.css', data: 'c' },
      ]),
    );
    const result = await extractSiteArchive(single);
    expect(result.stripped).toBe('my-site');
    expect((await readSiteArchive(single)).map((file) => file.path)).toEqual(['index.html', 'css/a.css']);

    const nested = await save(
      await zipBuffer([
        { name: 'a/b/index.html', data: 'i' },
        { name: 'a/b/x.js', data: 'x' },
      ]),
    );
    expect((await readSiteArchive(nested)).map((file) => file.path)).toEqual(['b/index.html', 'b/x.js']);
  });

  it('does not strip when there is a top-level file or a second folder', async () => {
    const mixed = await save(
      await zipBuffer([
        { name: 'site/index.html', data: 'i' },
        { name: 'robots.txt', data: 'r' },
      ]),
    );
    expect((await extractSiteArchive(mixed)).stripped).toBeNull();
    const two = await save(
      await zipBuffer([
        { name: 'a/index.html', data: 'i' },
        { name: 'b/index.html', data: 'r' },
      ]),
    );
    expect((await readSiteArchive(two)).map((file) => file.path)).toEqual(['a/index.html', 'b/index.html']);
  });

  it('ignores __MACOSX and .DS_Store, which then do not prevent stripping', async () => {
    const path = await save(
      await zipBuffer([
        { name: 'site/index.html', data: 'i' },
        { name: 'site/.DS_Store', data: 'junk' },
        { name: '__MACOSX/', directory: true },
        { name: '__MACOSX/site/._index.html', data: 'junk' },
      ]),
    );
    const result = await extractSiteArchive(path);
    expect(result).toMatchObject({ files: 1, stripped: 'site' });
    expect((await readSiteArchive(path)).map((file) => file.path)).toEqual(['index.html']);
  });
});

describe('zip: unsafe paths', () => {
  it.each([
    ['XX/XX/etc/passwd', '../../etc/passwd'],
    ['a/XX/XX/x', 'a/../../x'],
    ['XXXevil.txt', '..\\evil.txt'],
    ['Xetc/passwd', '/etc/passwd'],
    ['XXXevil.txt', 'C:\\evil.txt'],
    ['XXevil.txt', 'c:evil.txt'],
  ])('refuses %j renamed to %j before any file is delivered', async (placeholder, evil) => {
    const zip = await zipBuffer([
      { name: 'index.html', data: 'fine' },
      { name: placeholder, data: 'root:x:0:0' },
    ]);
    const path = await save(renameInZip(zip, placeholder, evil));
    const { error, received } = await expectRefusal(path, 'unsafe_path');
    expect(error.message).toContain(JSON.stringify(evil));
    expect(received).toEqual([]);
  });

  it('refuses a NUL byte in a name', async () => {
    const zip = await zipBuffer([{ name: 'aXb.html', data: 'x' }]);
    const { received } = await expectRefusal(await save(renameInZip(zip, 'aXb.html', 'a\0b.html')), 'unsafe_path');
    expect(received).toEqual([]);
  });

  it('refuses duplicate entries, also when they only match after normalisation', async () => {
    const exact = await save(
      await zipBuffer([
        { name: 'a.html', data: '1' },
        { name: 'a.html', data: '2' },
      ]),
    );
    const { error, received } = await expectRefusal(exact, 'unsafe_path');
    expect(error.message).toMatch(/duplicate entry "a\.html"/);
    expect(received).toEqual([]);

    const zip = await zipBuffer([
      { name: 'd/a.html', data: '1' },
      { name: 'd_a.html', data: '2' },
    ]);
    await expectRefusal(await save(renameInZip(zip, 'd_a.html', 'd\\a.html')), 'unsafe_path');
  });

  it('refuses a name used both as a file and as a folder', async () => {
    const path = await save(
      await zipBuffer([
        { name: 'docs', data: 'file' },
        { name: 'docs/index.html', data: 'x' },
      ]),
    );
    const { received } = await expectRefusal(path, 'unsafe_path');
    expect(received).toEqual([]);
  });
});

describe('zip: links and special entries', () => {
  it('refuses a symlink entry (S_IFLNK in the external attributes)', async () => {
    const path = await save(
      await zipBuffer([
        { name: 'index.html', data: 'fine' },
        { name: 'passwd.html', data: '/etc/passwd', mode: 0o120777 },
      ]),
    );
    const { error, received } = await expectRefusal(path, 'link_entry');
    expect(error.message).toContain('"passwd.html"');
    expect(received).toEqual([]);
  });

  it('refuses a symlink even inside ignored __MACOSX: nothing is skipped silently', async () => {
    const path = await save(
      await zipBuffer([
        { name: 'index.html', data: 'fine' },
        { name: '__MACOSX/x', data: '/etc', mode: 0o120777 },
      ]),
    );
    await expectRefusal(path, 'link_entry');
  });

  it('refuses a character device and a FIFO', async () => {
    for (const mode of [0o020644, 0o010644]) {
      const path = await save(
        await zipBuffer([
          { name: 'index.html', data: 'fine' },
          { name: 'dev', data: '', mode },
        ]),
      );
      const { received } = await expectRefusal(path, 'special_entry');
      expect(received).toEqual([]);
    }
  });
});

describe('zip: caps', () => {
  it('refuses too many entries, counting folders', async () => {
    const path = await save(
      await zipBuffer([
        { name: 'a/', directory: true },
        { name: 'b/', directory: true },
        { name: 'c/', directory: true },
        { name: 'a/1', data: '1' },
        { name: 'b/2', data: '2' },
        { name: 'c/3', data: '3' },
      ]),
    );
    const { received } = await expectRefusal(path, 'too_many_entries', { ...DEFAULT_ARCHIVE_LIMITS, maxEntries: 5 });
    expect(received).toEqual([]);
    expect((await extractSiteArchive(path, { ...DEFAULT_ARCHIVE_LIMITS, maxEntries: 6 })).files).toBe(3);
  });

  describe('a zip bomb (50 MB of zeros)', () => {
    let bomb: string;
    beforeAll(async () => {
      bomb = await save(
        await zipBuffer([
          { name: 'index.html', data: 'fine' },
          { name: 'zeros.bin', data: Buffer.alloc(50 * MB) },
        ]),
      );
    });

    it('is refused by the ratio guard before anything is inflated', async () => {
      const { error, received } = await expectRefusal(bomb, 'ratio_exceeded');
      expect(error.message).toContain('"zeros.bin"');
      expect(received).toEqual([]);
    });

    it('is refused by the total and per-file caps', async () => {
      const noRatio = { ...DEFAULT_ARCHIVE_LIMITS, maxRatio: 1e9 };
      expect((await expectRefusal(bomb, 'too_large', { ...noRatio, maxTotalBytes: 10 * MB })).received).toEqual([]);
      expect((await expectRefusal(bomb, 'too_large', { ...noRatio, maxFileBytes: 10 * MB })).received).toEqual([]);
    });
  });

  it('stops a central directory that lies about the size while inflating, not after', async () => {
    // Declared 1000 bytes passes every cap; the data inflates to 50 MB.
    const zip = await zipBuffer([
      { name: 'index.html', data: 'fine', compress: false },
      { name: 'liar.bin', data: Buffer.alloc(50 * MB) },
    ]);
    const honestFirst = setZipUncompressedSize(zip, 1000, { local: true, central: true });
    // Restore the first (stored) entry's sizes so only liar.bin lies.
    const firstFixed = setFirstEntrySize(honestFirst, 4);
    const path = await save(firstFixed);
    const before = process.memoryUsage().arrayBuffers;
    const { error, received } = await expectRefusal(path, 'corrupt');
    expect(error.message).toMatch(/"liar\.bin".*too many bytes/);
    // Refused mid-way: files delivered earlier must be discarded by the caller.
    expect(received).toEqual(['index.html']);
    expect(process.memoryUsage().arrayBuffers - before).toBeLessThan(20 * MB);
  });

  it('does not care when only the local header lies: sizes are taken from the central directory', async () => {
    const data = randomBytes(10_000);
    const zip = await zipBuffer([{ name: 'a.bin', data }]);
    const path = await save(setZipUncompressedSize(zip, 3, { local: true, central: false }));
    const files = await readSiteArchive(path);
    expect(files[0]?.data.equals(data)).toBe(true);
  });
});

describe('zip: damaged and empty archives', () => {
  it('refuses a truncated zip as corrupt', async () => {
    const zip = await zipBuffer([{ name: 'index.html', data: randomBytes(20_000) }]);
    const { received } = await expectRefusal(await save(zip.subarray(0, zip.length >> 1)), 'corrupt');
    expect(received).toEqual([]);
  });

  it('refuses damaged file data as corrupt (inflate error or CRC mismatch)', async () => {
    const zip = await zipBuffer([{ name: 'index.html', data: 'x'.repeat(5000) + randomBytes(5000).toString('hex') }]);
    const damaged = Buffer.from(zip);
    for (let i = 200; i < 260; i++) damaged[i] = (damaged[i] as number) ^ 0x55;
    const { received } = await expectRefusal(await save(damaged), 'corrupt');
    expect(received).toEqual([]);
  });

  it('refuses an encrypted entry', async () => {
    const zip = await zipBuffer([{ name: 'index.html', data: 'secret' }]);
    const central = zip.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
    const flagged = Buffer.from(zip);
    flagged.writeUInt16LE(flagged.readUInt16LE(central + 8) | 1, central + 8);
    const { error } = await expectRefusal(await save(flagged), 'corrupt');
    expect(error.message).toMatch(/encrypted/);
  });

  it('reports an empty zip, a zip of folders and a zip of macOS junk as empty', async () => {
    const empty = await zipBuffer([]);
    expect(empty.subarray(0, 4).toString('latin1')).toBe('PK\x05\x06');
    await expectRefusal(await save(empty), 'empty');
    await expectRefusal(await save(await zipBuffer([{ name: 'a/', directory: true }])), 'empty');
    await expectRefusal(
      await save(
        await zipBuffer([
          { name: '.DS_Store', data: 'x' },
          { name: '__MACOSX/._a', data: 'x' },
        ]),
      ),
      'empty',
    );
  });
});

describe('zip: resources', () => {
  it('passes an onFile error through unchanged', async () => {
    const path = await save(
      await zipBuffer([
        { name: 'a', data: '1' },
        { name: 'b', data: '2' },
      ]),
    );
    const boom = new Error('storage is down');
    await expect(
      extractSiteArchive(path, undefined, async () => {
        throw boom;
      }),
    ).rejects.toBe(boom);
  });

  it('closes every file it opened, whatever the outcome', async () => {
    const ok = await save(await zipBuffer([{ name: 'a', data: '1' }]));
    const zip = await zipBuffer([{ name: 'index.html', data: randomBytes(20_000) }]);
    const truncated = await save(zip.subarray(0, zip.length >> 1));
    const symlink = await save(await zipBuffer([{ name: 'l', data: '/', mode: 0o120777 }]));
    const before = await openFdCount();
    for (let i = 0; i < 20; i++) {
      await extractSiteArchive(ok);
      await extractSiteArchive(truncated).catch(() => undefined);
      await extractSiteArchive(symlink).catch(() => undefined);
      await extractSiteArchive(ok, undefined, async () => {
        throw new Error('stop');
      }).catch(() => undefined);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
    const after = await openFdCount();
    if (before !== null && after !== null) expect(after).toBeLessThanOrEqual(before);
  });
});

/** Sets the sizes of the first entry (local header and central directory) back to `size`. */
function setFirstEntrySize(zip: Buffer, size: number): Buffer {
  const out = Buffer.from(zip);
  out.writeUInt32LE(size, 22);
  const central = out.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
  out.writeUInt32LE(size, central + 24);
  return out;
}
