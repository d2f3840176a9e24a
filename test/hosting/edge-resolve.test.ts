import { describe, expect, it } from 'vitest';
import { contentTypeFor, isCompressible } from '../../src/hosting/edge/content-type';
import { resolveSitePath } from '../../src/hosting/edge/resolve-path';
import type { LiveSite, SiteFileEntry } from '../../src/hosting/edge/types';

function entry(hash: string): SiteFileEntry {
  return { hash, size: 1, contentType: 'text/html; charset=utf-8' };
}

const paths = ['index.html', 'about.html', 'blog/index.html', 'blog/post/index.html', 'assets/app.js', 'a b/c.txt', 'docs.html', 'docs/index.html', '404.html'];
const site: LiveSite = {
  deploymentId: 'dep_1',
  siteId: 'blog',
  environment: 'production',
  publishedAt: new Date('2026-01-01T00:00:00Z'),
  files: new Map(paths.map((p) => [p, entry(p)])),
};
const bare: LiveSite = { ...site, files: new Map([['index.html', entry('index.html')]]) };

function fileOf(urlPath: string, s: LiveSite = site): string | undefined {
  const r = resolveSitePath(s, urlPath);
  return r.kind === 'file' ? r.path : undefined;
}

describe('resolveSitePath', () => {
  it('maps / and directory paths to their index.html', () => {
    expect(fileOf('/')).toBe('index.html');
    expect(fileOf('')).toBe('index.html');
    expect(fileOf('/blog/')).toBe('blog/index.html');
    expect(fileOf('/blog/post/')).toBe('blog/post/index.html');
    expect(fileOf('/index.html')).toBe('index.html');
    expect(fileOf('/assets/app.js')).toBe('assets/app.js');
  });

  it('redirects a directory without its trailing slash', () => {
    expect(resolveSitePath(site, '/blog')).toEqual({ kind: 'redirect', location: '/blog/' });
    expect(resolveSitePath(site, '/blog/post')).toEqual({ kind: 'redirect', location: '/blog/post/' });
    expect(resolveSitePath(site, '//blog//post')).toEqual({ kind: 'redirect', location: '/blog/post/' });
  });

  it('never produces a protocol-relative redirect', () => {
    const s: LiveSite = { ...site, files: new Map([['evil.example/index.html', entry('x')]]) };
    expect(resolveSitePath(s, '//evil.example')).toEqual({ kind: 'redirect', location: '/evil.example/' });
  });

  it('serves pretty URLs from <path>.html, preferring the directory redirect', () => {
    expect(fileOf('/about')).toBe('about.html');
    expect(resolveSitePath(site, '/docs').kind).toBe('redirect');
    expect(fileOf('/docs.html')).toBe('docs.html');
  });

  it('percent-decodes and collapses slashes', () => {
    expect(fileOf('/a%20b/c.txt')).toBe('a b/c.txt');
    expect(fileOf('/assets//app.js')).toBe('assets/app.js');
    expect(fileOf('/./assets/./app.js')).toBe('assets/app.js');
    expect(fileOf('/%61ssets/app.js')).toBe('assets/app.js');
  });

  it('treats malformed escapes, NUL and traversal as not found', () => {
    for (const bad of [
      '/%E0%A4%A',
      '/%',
      '/a/%00',
      '/../index.html',
      '/%2e%2e/index.html',
      '/blog/%2E%2E/%2e%2e/index.html',
      '/blog/..%2findex.html',
      '/a\0',
    ]) {
      const r = resolveSitePath(site, bad);
      expect(r.kind, bad).toBe('not_found');
    }
  });

  it('falls back to 404.html when the site has one', () => {
    expect(resolveSitePath(site, '/missing')).toEqual({ kind: 'not_found', fallback: { path: '404.html', entry: site.files.get('404.html') } });
    expect(resolveSitePath(bare, '/missing')).toEqual({ kind: 'not_found' });
    expect(resolveSitePath(bare, '/blog/')).toEqual({ kind: 'not_found' });
    expect(resolveSitePath(site, '/../x')).toMatchObject({ kind: 'not_found', fallback: { path: '404.html' } });
  });
});

describe('contentTypeFor / isCompressible', () => {
  it('adds charset to text types and defaults to octet-stream', () => {
    expect(contentTypeFor('index.html')).toBe('text/html; charset=utf-8');
    expect(contentTypeFor('a/style.css')).toBe('text/css; charset=utf-8');
    expect(contentTypeFor('app.js')).toBe('text/javascript; charset=utf-8');
    expect(contentTypeFor('data.json')).toBe('application/json; charset=utf-8');
    expect(contentTypeFor('site.webmanifest')).toBe('application/manifest+json; charset=utf-8');
    expect(contentTypeFor('logo.svg')).toBe('image/svg+xml; charset=utf-8');
    expect(contentTypeFor('feed.xml')).toBe('application/xml; charset=utf-8');
    expect(contentTypeFor('img.png')).toBe('image/png');
    expect(contentTypeFor('font.woff2')).toBe('font/woff2');
    expect(contentTypeFor('file.unknownext')).toBe('application/octet-stream');
    expect(contentTypeFor('LICENSE')).toBe('application/octet-stream');
  });

  it('compresses text-ish types only', () => {
    for (const t of [
      'text/html; charset=utf-8',
      'text/css',
      'text/javascript; charset=utf-8',
      'application/json',
      'image/svg+xml; charset=utf-8',
      'application/manifest+json',
      'application/wasm',
    ])
      expect(isCompressible(t), t).toBe(true);
    for (const t of ['image/png', 'image/jpeg', 'font/woff2', 'application/zip', 'application/gzip', 'video/mp4', 'application/octet-stream'])
      expect(isCompressible(t), t).toBe(false);
  });
});
