import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { c as createTar } from 'tar';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_ARCHIVE_LIMITS, extractSiteArchive, readSiteArchive, type SiteFile } from '../../src/hosting/archive';
import { expectRefusal, makeTempDir, openFdCount, paxRecord, rawTar, rawTarGz, type TarFixtureEntry } from './support/archive-fixtures';

let temp: Awaited<ReturnType<typeof makeTempDir>>;
let counter = 0;
const save = async (data: Buffer, name = `fixture-${counter++}.tar.gz`) => temp.write(name, data);
const MB = 1024 * 1024;
const fine: TarFixtureEntry = { name: 'index.html', data: 'fine' };

beforeAll(async () => {
  temp = await makeTempDir();
});
afterAll(async () => {
  await temp.cleanup();
});

/** A real site folder on disk, archived by node-tar the way a user's tool would. */
async function siteFolder(name: string, files: Record<string, Buffer | string>): Promise<string> {
  const root = join(temp.dir, name);
  for (const [path, data] of Object.entries(files)) {
    await mkdir(join(root, path, '..'), { recursive: true });
    await writeFile(join(root, path), data);
  }
  return root;
}

describe('tar.gz: a normal site', () => {
  it('reads a node-tar archive of "." with nested folders, byte-exact', async () => {
    const binary = randomBytes(700_000);
    const root = await siteFolder('plain-site', {
      'index.html': '<h1>hi</h1>',
      'assets/js/app.js': 'console.log(1)',
      'assets/img/photo.bin': binary,
      'empty.txt': '',
    });
    const file = join(temp.dir, 'plain.tgz');
    await createTar({ gzip: true, cwd: root, file, portable: true }, ['.']);

    const received: SiteFile[] = [];
    const result = await extractSiteArchive(file, DEFAULT_ARCHIVE_LIMITS, async (siteFile) => {
      received.push(siteFile);
    });
    expect(result).toEqual({ kind: 'tar.gz', files: 4, bytes: 11 + 14 + 700_000, stripped: null });
    const byPath = new Map(received.map((siteFile) => [siteFile.path, siteFile.data]));
    expect([...byPath.keys()].sort()).toEqual(['assets/img/photo.bin', 'assets/js/app.js', 'empty.txt', 'index.html']);
    expect(byPath.get('assets/img/photo.bin')?.equals(binary)).toBe(true);
    expect(byPath.get('index.html')?.toString()).toBe('<h1>hi</h1>');
    expect(byPath.get('empty.txt')?.length).toBe(0);
  });

  it('delivers files in archive order and awaits each onFile', async () => {
    const path = await save(rawTarGz(Array.from({ length: 6 }, (_, i) => ({ name: `f${i}`, data: randomBytes(40_000) }))));
    const order: string[] = [];
    let inFlight = 0;
    let maxInFlight = 0;
    await extractSiteArchive(path, undefined, async (file) => {
      order.push(file.path);
      inFlight += 1;
      maxInFlight = Math.max(maxInFlight, inFlight);
      await new Promise((resolve) => setTimeout(resolve, 5));
      inFlight -= 1;
    });
    expect(order).toEqual(['f0', 'f1', 'f2', 'f3', 'f4', 'f5']);
    expect(maxInFlight).toBe(1);
  });

  it('serves a single top folder from inside it', async () => {
    await siteFolder('wrapped/my-site', { 'index.html': 'i', 'css/a.css': 'c' });
    const file = join(temp.dir, 'wrapped.tgz');
    await createTar({ gzip: true, cwd: join(temp.dir, 'wrapped'), file, portable: true }, ['my-site']);
    const result = await extractSiteArchive(file);
    expect(result.stripped).toBe('my-site');
    expect((await readSiteArchive(file)).map((siteFile) => siteFile.path).sort()).toEqual(['css/a.css', 'index.html']);
  });

  it('ignores __MACOSX and .DS_Store', async () => {
    const path = await save(
      rawTarGz([
        { name: 'site/', type: '5' },
        { name: 'site/index.html', data: 'i' },
        { name: 'site/.DS_Store', data: 'junk' },
        { name: '__MACOSX/site/._index.html', data: 'junk' },
      ]),
    );
    expect(await extractSiteArchive(path)).toMatchObject({ files: 1, stripped: 'site' });
  });
});

describe('tar.gz: unsafe paths', () => {
  it.each(['../evil', '../../etc/passwd', 'a/../../x', '/etc/passwd', 'C:\\evil', '..\\evil'])('refuses %j before any file is delivered', async (name) => {
    const path = await save(rawTarGz([fine, { name, data: 'evil' }]));
    const { error, received } = await expectRefusal(path, 'unsafe_path');
    expect(error.message).toContain(JSON.stringify(name));
    expect(received).toEqual([]);
  });

  it('refuses an unsafe name given in a pax header', async () => {
    const pax = paxRecord('path', '../../../etc/passwd');
    expect(pax).toBe('28 path=../../../etc/passwd\n');
    const path = await save(rawTarGz([fine, { name: 'PaxHeader', type: 'x', data: pax }, { name: 'harmless', data: 'x' }]));
    const { received } = await expectRefusal(path, 'unsafe_path');
    expect(received).toEqual([]);
  });

  it('refuses duplicates', async () => {
    const path = await save(rawTarGz([fine, { name: './index.html', data: 'again' }]));
    const { error, received } = await expectRefusal(path, 'unsafe_path');
    expect(error.message).toMatch(/duplicate entry/);
    expect(received).toEqual([]);
  });
});

describe('tar.gz: links and special entries', () => {
  it.each([
    ['symlink', { name: 'passwd', type: '2', linkname: '/etc/passwd' }, 'link_entry'],
    ['relative symlink', { name: 'up', type: '2', linkname: '../..' }, 'link_entry'],
    ['hardlink', { name: 'hard', type: '1', linkname: 'index.html' }, 'link_entry'],
    ['character device', { name: 'tty', type: '3' }, 'special_entry'],
    ['block device', { name: 'sda', type: '4' }, 'special_entry'],
    ['FIFO', { name: 'pipe', type: '6' }, 'special_entry'],
    ['unknown type', { name: 'odd', type: 'Q' }, 'special_entry'],
  ] as const)('refuses a %s', async (_label, entry, code) => {
    const path = await save(rawTarGz([fine, entry, { name: 'after.html', data: 'x' }]));
    const { error, received } = await expectRefusal(path, code);
    expect(error.message).toContain(JSON.stringify(entry.name));
    expect(received).toEqual([]);
  });
});

describe('tar.gz: caps', () => {
  it('refuses too many entries, counting folders', async () => {
    const entries: TarFixtureEntry[] = [
      { name: 'a/', type: '5' },
      { name: 'a/1', data: '1' },
      { name: 'b/', type: '5' },
      { name: 'b/2', data: '2' },
    ];
    const path = await save(rawTarGz(entries));
    const { received } = await expectRefusal(path, 'too_many_entries', { ...DEFAULT_ARCHIVE_LIMITS, maxEntries: 3 });
    expect(received).toEqual([]);
  });

  describe('a tar.gz bomb (50 MB of zeros)', () => {
    let bomb: string;
    beforeAll(async () => {
      bomb = await save(rawTarGz([fine, { name: 'zeros.bin', data: Buffer.alloc(50 * MB) }]));
    });

    it('is refused by the ratio guard with no file delivered', async () => {
      const { received } = await expectRefusal(bomb, 'ratio_exceeded');
      expect(received).toEqual([]);
    });

    it('is refused by the total and per-file caps', async () => {
      const noRatio = { ...DEFAULT_ARCHIVE_LIMITS, maxRatio: 1e9 };
      expect((await expectRefusal(bomb, 'too_large', { ...noRatio, maxTotalBytes: 10 * MB })).received).toEqual([]);
      expect((await expectRefusal(bomb, 'too_large', { ...noRatio, maxFileBytes: 10 * MB })).received).toEqual([]);
    });
  });

  it('counts decompressed bytes outside any file: zeros after the end marker', async () => {
    const padded = Buffer.concat([rawTar([fine]), Buffer.alloc(30 * MB)]);
    const path = await save(gzipSync(padded));
    const { received } = await expectRefusal(path, 'ratio_exceeded');
    expect(received).toEqual([]);
  });
});

describe('tar.gz: not a tar, damaged, empty', () => {
  it('refuses a gzip of plain text, an empty gzip and a gzip of a gzip as not_an_archive', async () => {
    await expectRefusal(await save(gzipSync('hello, this is not a tar\n'.repeat(100))), 'not_an_archive');
    await expectRefusal(await save(gzipSync('short')), 'not_an_archive');
    await expectRefusal(await save(gzipSync(Buffer.alloc(0))), 'not_an_archive');
    await expectRefusal(await save(gzipSync(rawTarGz([fine]))), 'not_an_archive');
  });

  it('refuses an uncompressed tar: only zip and tar.gz are accepted', async () => {
    await expectRefusal(await save(rawTar([fine])), 'not_an_archive');
  });

  it('refuses a truncated gzip as corrupt', async () => {
    const whole = rawTarGz([fine, { name: 'data.bin', data: randomBytes(100_000) }]);
    const { received } = await expectRefusal(await save(whole.subarray(0, whole.length >> 1)), 'corrupt');
    expect(received).toEqual([]);
  });

  it('refuses a tar cut short before it was gzipped as corrupt', async () => {
    const tar = rawTar([fine, { name: 'data.bin', data: randomBytes(100_000) }]);
    const midBlock = await save(gzipSync(tar.subarray(0, 50_000)));
    expect((await expectRefusal(midBlock, 'corrupt')).received).toEqual([]);
    const onBoundary = await save(gzipSync(tar.subarray(0, 512 * 20)));
    expect((await expectRefusal(onBoundary, 'corrupt')).received).toEqual([]);
  });

  it('refuses a damaged header checksum as corrupt', async () => {
    const tar = rawTar([fine, { name: 'second.html', data: 'x' }]);
    tar[1024] = 0x41; // inside the second header's name
    expect((await expectRefusal(await save(gzipSync(tar)), 'corrupt')).received).toEqual([]);
  });

  it('reports an empty tar, a tar of folders and a tar of macOS junk as empty', async () => {
    await expectRefusal(await save(gzipSync(Buffer.alloc(10240))), 'empty');
    await expectRefusal(await save(rawTarGz([{ name: 'a/', type: '5' }])), 'empty');
    await expectRefusal(await save(rawTarGz([{ name: '.DS_Store', data: 'x' }])), 'empty');
  });
});

describe('tar.gz: resources', () => {
  it('passes an onFile error through unchanged', async () => {
    const path = await save(rawTarGz([fine, { name: 'b', data: '2' }]));
    const boom = new Error('storage is down');
    await expect(
      extractSiteArchive(path, undefined, async () => {
        throw boom;
      }),
    ).rejects.toBe(boom);
  });

  it('closes every file it opened, whatever the outcome', async () => {
    const ok = await save(rawTarGz([fine, { name: 'b', data: '2' }]));
    const whole = rawTarGz([fine, { name: 'data.bin', data: randomBytes(100_000) }]);
    const truncated = await save(whole.subarray(0, whole.length >> 1));
    const symlink = await save(rawTarGz([fine, { name: 'l', type: '2', linkname: '/' }]));
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
