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
    expect(fileOf('/assets/app.js')).toBe('assets/app.js');
  });

  it('redirects a directory without its trailing slash', () => {
    expect(resolveSitePath(site, '/blog')).toMatchObject({ kind: 'redirect', location: '/blog/', file: { path: 'blog/index.html' } });
    expect(resolveSitePath(site, '/blog/post')).toMatchObject({ kind: 'redirect', location: '/blog/post/' });
    expect(resolveSitePath(site, '//blog//post')).toMatchObject({ kind: 'redirect', location: '/blog/post/' });
  });

  it('never produces a protocol-relative redirect', () => {
    const s: LiveSite = { ...site, files: new Map([['evil.example/index.html', entry('x')]]) };
    expect(resolveSitePath(s, '//evil.example')).toMatchObject({ kind: 'redirect', location: '/evil.example/' });
    expect(resolveSitePath(s, '//evil.example/index.html')).toMatchObject({ kind: 'redirect', location: '/evil.example/' });
  });

  it('serves pretty URLs from <path>.html, preferring the directory redirect', () => {
    expect(fileOf('/about')).toBe('about.html');
    expect(resolveSitePath(site, '/docs').kind).toBe('redirect');
    expect(fileOf('/docs.html')).toBe('docs.html');
  });

  it('redirects .html and index.html to clean URLs, unless the clean URL belongs to another file', () => {
    expect(resolveSitePath(site, '/index.html')).toMatchObject({ kind: 'redirect', location: '/', file: { path: 'index.html' } });
    expect(resolveSitePath(site, '/blog/index.html')).toMatchObject({ kind: 'redirect', location: '/blog/', file: { path: 'blog/index.html' } });
    expect(resolveSitePath(site, '/about.html')).toMatchObject({ kind: 'redirect', location: '/about', file: { path: 'about.html' } });
    expect(resolveSitePath(site, '/about/')).toMatchObject({ kind: 'redirect', location: '/about', file: { path: 'about.html' } });
    // "/docs" is the folder's (→ "/docs/"), so docs.html keeps its own name.
    expect(resolveSitePath(site, '/docs.html')).toMatchObject({ kind: 'file', path: 'docs.html' });
    const named: LiveSite = { ...site, files: new Map(['notes', 'notes.html'].map((p) => [p, entry(p)])) };
    expect(resolveSitePath(named, '/notes.html')).toMatchObject({ kind: 'file', path: 'notes.html' });
    expect(resolveSitePath(named, '/notes')).toMatchObject({ kind: 'file', path: 'notes' });
  });

  it('never needs more than one hop: every redirect lands on a file served in place', () => {
    const layouts = [
      ['index.html', 'about.html', 'about/index.html', 'docs/index.html', 'docs.html', 'notes', 'notes.html', 'a/b.html', 'a/b/index.html', '404.html'],
      ['about.html', 'about/index.html'],
      ['docs/index.html', 'docs.html', 'docs'],
      ['x.html', 'x/y.html', 'x/index.html', 'index.html'],
    ];
    for (const layout of layouts) {
      const s: LiveSite = { ...site, files: new Map(layout.map((p) => [p, entry(p)])) };
      const urls = new Set<string>(['/', '/index.html']);
      for (const p of layout) {
        const noExt = p.replace(/\.html$/, '');
        const folder = p.replace(/\/?index\.html$/, '');
        for (const u of [`/${p}`, `/${noExt}`, `/${noExt}/`, `/${folder}`, `/${folder}/`, `/${p}/`]) urls.add(u.replace(/\/+/g, '/'));
      }
      for (const url of urls) {
        const first = resolveSitePath(s, url);
        if (first.kind !== 'redirect') continue;
        const second = resolveSitePath(s, first.location);
        expect(second, `${layout.join(',')}: ${url} → ${first.location}`).toEqual({ kind: 'file', path: first.file.path, entry: first.file.entry });
      }
    }
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
