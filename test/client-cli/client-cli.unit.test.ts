import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { backoffMs, retryAfterMs } from '../../src/client-cli/api';
import { progressLine } from '../../src/client-cli/progress';
import { configPath, normalizeApiUrl, resolveSettings } from '../../src/client-cli/settings';
import { listSiteFiles, skipped } from '../../src/client-cli/site-files';
import { SseParser } from '../../src/client-cli/sse';

const sha = (s: string) => createHash('sha256').update(s).digest('hex');

describe('SseParser', () => {
  const stream =
    'event: line\nid: 1\ndata: {"message":"a"}\n\n: keep-alive\n\nevent: done\r\nid: 2\r\ndata: {"id":"dep_1",\r\ndata: "status":"published"}\r\n\r\n';

  it('reads named events with ids, comments and multi-line data, with LF and CRLF', () => {
    const p = new SseParser();
    expect(p.push(stream)).toEqual([
      { event: 'line', id: '1', data: '{"message":"a"}' },
      { event: 'done', id: '2', data: '{"id":"dep_1",\n"status":"published"}' },
    ]);
    expect(p.lastEventId).toBe('2');
  });

  it('gives the same events however the text is cut, even between CR and LF', () => {
    for (let size = 1; size <= 7; size++) {
      const p = new SseParser();
      const events = [];
      for (let i = 0; i < stream.length; i += size) events.push(...p.push(stream.slice(i, i + size)));
      expect(events.map((e) => e.event)).toEqual(['line', 'done']);
      expect(events[1]!.data).toBe('{"id":"dep_1",\n"status":"published"}');
    }
  });

  it('an event without data is not dispatched; an unnamed one is a message', () => {
    const p = new SseParser();
    expect(p.push('event: line\n\ndata: x\n\n')).toEqual([{ event: 'message', id: undefined, data: 'x' }]);
  });
});

describe('retries', () => {
  it('reads Retry-After as seconds or as an HTTP date', () => {
    expect(retryAfterMs('3')).toBe(3000);
    expect(retryAfterMs(new Date(10_000).toUTCString(), 4_000)).toBe(6_000);
    expect(retryAfterMs(null)).toBeUndefined();
    expect(retryAfterMs('soon')).toBeUndefined();
  });

  it('waits as long as Retry-After says (capped), else an exponential jittered backoff', () => {
    const policy = { attempts: 5, baseMs: 100, maxMs: 5_000 };
    expect(backoffMs(0, policy, 2_000)).toBe(2_000);
    expect(backoffMs(0, policy, 60_000)).toBe(5_000);
    expect(backoffMs(3, policy, undefined, () => 1)).toBe(800);
    expect(backoffMs(10, policy, undefined, () => 1)).toBe(5_000);
    expect(backoffMs(3, policy, undefined, () => 0)).toBe(0);
  });
});

describe('settings', () => {
  it('keeps the key under XDG_CONFIG_HOME, else ~/.config', () => {
    expect(configPath({ XDG_CONFIG_HOME: '/x/conf', HOME: '/home/a' })).toBe('/x/conf/kiln/config.json');
    expect(configPath({ HOME: '/home/a' })).toBe('/home/a/.config/kiln/config.json');
  });

  it('takes the URL from the flag, then KILN_API_URL, then the stored one; the key from KILN_API_KEY first', () => {
    const stored = { api_url: 'http://stored:1', api_key: 'k_stored' };
    expect(resolveSettings('http://flag:1/', { KILN_API_URL: 'http://env:1' }, stored, 'p')).toMatchObject({
      apiUrl: 'http://flag:1',
      apiKey: 'k_stored',
      keyFrom: 'config',
    });
    expect(resolveSettings(undefined, { KILN_API_URL: 'http://env:1', KILN_API_KEY: 'k_env' }, stored, 'p')).toMatchObject({
      apiUrl: 'http://env:1',
      apiKey: 'k_env',
      keyFrom: 'KILN_API_KEY',
    });
    expect(resolveSettings(undefined, {}, {}, 'p')).toMatchObject({ apiUrl: 'http://localhost:3000', apiKey: undefined });
  });

  it('forgives a trailing /v1 and refuses what is not an http(s) URL', () => {
    expect(normalizeApiUrl('https://api.example.com/v1/')).toBe('https://api.example.com');
    expect(() => normalizeApiUrl('ftp://x')).toThrow(/http/);
    expect(() => normalizeApiUrl('localhost 3000')).toThrow(/not a URL/);
  });
});

describe('site files', () => {
  it('leaves out dot-names but .well-known, __MACOSX, and node_modules of a project root only', () => {
    expect(skipped('.git', false)).toBe(true);
    expect(skipped('.env', false)).toBe(true);
    expect(skipped('.well-known', false)).toBe(false);
    expect(skipped('__MACOSX', false)).toBe(true);
    expect(skipped('node_modules', false)).toBe(false);
    expect(skipped('node_modules', true)).toBe(true);
    expect(skipped('_redirects', true)).toBe(false);
  });

  it('lists a folder with paths in the site, digests and sizes, sorted, following links to files only', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'kiln-cli-site-'));
    mkdirSync(join(dir, 'a/b'), { recursive: true });
    mkdirSync(join(dir, '.git'));
    mkdirSync(join(dir, '.well-known'));
    writeFileSync(join(dir, 'index.html'), 'home');
    writeFileSync(join(dir, 'a/b/deep.css'), 'deep');
    writeFileSync(join(dir, '.git/HEAD'), 'ref');
    writeFileSync(join(dir, '.DS_Store'), 'x');
    writeFileSync(join(dir, '.well-known/security.txt'), 'contact');
    symlinkSync(join(dir, 'index.html'), join(dir, 'copy.html'));
    symlinkSync(join(dir, 'a'), join(dir, 'loop'));
    const counted: number[] = [];
    const { files, left } = await listSiteFiles(dir, (done) => counted.push(done));
    expect(files.map((f) => [f.path, f.sha256, f.size])).toEqual([
      ['.well-known/security.txt', sha('contact'), 7],
      ['a/b/deep.css', sha('deep'), 4],
      ['copy.html', sha('home'), 4],
      ['index.html', sha('home'), 4],
    ]);
    expect(left.sort()).toEqual(['.DS_Store', '.git', 'loop']);
    expect(counted.length).toBe(4);
  });
});

describe('progressLine', () => {
  it('draws the share of bytes sent', () => {
    expect(progressLine(1, 4, 512, 2048, 8)).toBe('[##------] 1/4 files  512 B/2.0 KB  25%');
    expect(progressLine(0, 0, 0, 0, 4)).toBe('[####] 0/0 files  0 B/0 B  100%');
  });
});

describe('the fallback archive (tar.gz)', () => {
  it('is read back by node-tar (the build’s reader) with long and non-ASCII paths whole', async () => {
    const { Parser } = await import('tar');
    const { writeTarGz, paxRecord } = await import('../../src/client-cli/tar-gz');
    const { readFileSync } = await import('node:fs');
    const dir = mkdtempSync(join(tmpdir(), 'kiln-cli-tar-'));
    const long = `docs/${'section/'.repeat(20)}page-é.html`;
    writeFileSync(join(dir, 'a'), 'alpha');
    writeFileSync(join(dir, 'b'), 'x'.repeat(1000));
    await writeTarGz(
      [
        { path: 'index.html', abs: join(dir, 'a'), size: 5 },
        { path: long, abs: join(dir, 'b'), size: 1000 },
      ],
      join(dir, 'out.tgz'),
    );
    const seen: Record<string, string> = {};
    await new Promise<void>((resolve, reject) => {
      const p = new Parser({
        onReadEntry: (e) => {
          let body = '';
          e.on('data', (c: Buffer) => (body += c));
          e.on('end', () => (seen[e.path] = body));
        },
      });
      p.on('end', resolve);
      p.on('error', reject);
      p.end(readFileSync(join(dir, 'out.tgz')));
    });
    expect(seen).toEqual({ 'index.html': 'alpha', [long]: 'x'.repeat(1000) });
    // A record's length counts its own digits, also where adding them adds a digit.
    for (const v of ['a', 'x'.repeat(90), 'x'.repeat(92), 'x'.repeat(93)]) {
      const r = paxRecord('path', v);
      expect(Number(r.split(' ')[0])).toBe(Buffer.byteLength(r));
    }
  });
});
