import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readSiteArchive } from '../../src/hosting/archive';
import { expectRefusal, makeTempDir, PNG_HEAD, rawTarGz, zipBuffer } from './support/archive-fixtures';

let temp: Awaited<ReturnType<typeof makeTempDir>>;

beforeAll(async () => {
  temp = await makeTempDir();
});
afterAll(async () => {
  await temp.cleanup();
});

describe('archive detection by content', () => {
  it('reads a zip named like a tar.gz, and a tar.gz named like a zip', async () => {
    const zip = await temp.write('site.tar.gz', await zipBuffer([{ name: 'index.html', data: 'from zip' }]));
    const tgz = await temp.write('site.zip', rawTarGz([{ name: 'index.html', data: 'from tar' }]));
    expect((await readSiteArchive(zip))[0]?.data.toString()).toBe('from zip');
    expect((await readSiteArchive(tgz))[0]?.data.toString()).toBe('from tar');
  });

  it.each([
    ['a PNG named site.zip', 'site.zip', Buffer.concat([PNG_HEAD, randomBytes(1000)])],
    ['text named site.tar.gz', 'text.tar.gz', Buffer.from('<html><body>not an archive</body></html>')],
    ['random bytes', 'random.zip', Buffer.concat([Buffer.from('XX'), randomBytes(5000)])],
    ['an empty file', 'empty.zip', Buffer.alloc(0)],
    ['a lone "PK"', 'pk.zip', Buffer.from('PK')],
  ])('refuses %s as not_an_archive without delivering anything', async (_label, name, data) => {
    const { error, received } = await expectRefusal(await temp.write(name, data), 'not_an_archive');
    expect(error.message).toMatch(/not a zip or tar\.gz/);
    expect(received).toEqual([]);
  });

  it('lets a missing file fail as a plain filesystem error, not an archive error', async () => {
    await expect(readSiteArchive(`${temp.dir}/missing.zip`)).rejects.toMatchObject({ code: 'ENOENT' });
  });
});
