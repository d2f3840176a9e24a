import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serve, type ServerType } from '@hono/node-server';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { zipBuffer } from '../hosting/support/archive-fixtures';
import { edgeGet, HOSTING_DOMAIN, startHostingHarness, until, type HostingHarness } from '../hosting/support/hosting-harness';

/*
 * The client CLI as a developer runs it: `node bin/kiln.mjs …` in a child process with no database or Redis
 * settings at all, against a real web app on a loopback port with real deploy workers and an edge.
 */

const ROOT = new URL('../..', import.meta.url).pathname;
const run = randomBytes(3).toString('hex');
const siteId = (name: string) => `cli-${name}-${run}`;

let h: HostingHarness;
let server: ServerType;
let apiUrl: string;
let key: string;

beforeAll(async () => {
  h = await startHostingHarness();
  key = h.auth.Authorization!.slice('Bearer '.length);
  server = await new Promise<ServerType>((resolve) => {
    const s = serve({ fetch: h.svc.app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s));
  });
  apiUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((r) => server?.close(r));
  await h?.close();
});

interface Ran {
  code: number;
  stdout: string;
  stderr: string;
}

/** `kiln ARGS` with only PATH and the variables given: no DATABASE_URL, no REDIS_URL reach it. */
function kiln(args: string[], env: Record<string, string> = {}, stdin = ''): Promise<Ran> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['bin/kiln.mjs', ...args], {
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? '', HOME: mkdtempSync(join(tmpdir(), 'kiln-cli-home-')), KILN_API_URL: apiUrl, ...env },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c) => (stdout += c));
    child.stderr.on('data', (c) => (stderr += c));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code: code ?? 1, stdout, stderr }));
    child.stdin.end(stdin);
  });
}

const withKey = () => ({ KILN_API_KEY: key });
const jsonOf = (r: Ran) => {
  const lines = r.stdout.trim().split('\n');
  expect(lines, r.stdout + r.stderr).toHaveLength(1);
  return JSON.parse(lines[0]!);
};

/** A deployment of `site` made the API's way (a multipart archive); its build is queued. */
async function startUploadDeploy(site: string, html: string): Promise<string> {
  const form = new FormData();
  form.append('site_id', site);
  form.append('file', new Blob([new Uint8Array(await zipBuffer([{ name: 'index.html', data: html }]))]), 'site.zip');
  const res = await h.svc.app.request('/v1/hosting/deployments', { method: 'POST', headers: h.auth, body: form });
  expect(res.status).toBe(201);
  return (await res.json()).id;
}

/** The same, once published or failed, for the commands that read finished deployments. */
async function uploadDeploy(site: string, html: string): Promise<any> {
  const id = await startUploadDeploy(site, html);
  return until(`deployment ${id} to finish`, async () => {
    const d = await (await h.svc.app.request(`/v1/hosting/deployments/${id}`, { headers: h.auth })).json();
    return d.status === 'published' || d.status === 'failed' ? d : null;
  });
}

describe('kiln help and usage', () => {
  it('help documents the commands and the exit codes, exit 0', async () => {
    const r = await kiln(['help']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/kiln deploy DIR --site SITE/);
    expect(r.stdout).toMatch(/Exit codes:\n {2}0 .*\n {2}1 .*\n {2}2 .*\n {2}3 /);
  });

  it('a bad option or a deploy without a site is a usage error, exit 2, one JSON error with --json', async () => {
    const bad = await kiln(['deployments', '--bogus'], withKey());
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/Unknown option '--bogus'/);
    const noSite = await kiln(['deploy', ROOT, '--json'], withKey());
    expect(noSite.code).toBe(2);
    expect(jsonOf(noSite)).toEqual({ error: { code: 'invalid_usage', message: '--site is required' } });
  });

  it('no key, or a key the server refuses: exit 3', async () => {
    const none = await kiln(['deployments', '--json']);
    expect(none.code).toBe(3);
    expect(jsonOf(none).error.code).toBe('no_api_key');
    const wrong = await kiln(['deployments', '--json'], { KILN_API_KEY: 'kiln_wrong' });
    expect(wrong.code).toBe(3);
    expect(jsonOf(wrong).error.code).toBe('unauthorized');
  });
});

describe('kiln login', () => {
  it('checks the key, stores it 0600 under XDG_CONFIG_HOME, and later commands use it', async () => {
    const xdg = mkdtempSync(join(tmpdir(), 'kiln-cli-xdg-'));
    const refused = await kiln(['login'], { XDG_CONFIG_HOME: xdg }, 'kiln_not_a_key\n');
    expect(refused.code).toBe(3);
    expect(existsSync(join(xdg, 'kiln/config.json'))).toBe(false);

    const ok = await kiln(['login', '--json'], { XDG_CONFIG_HOME: xdg }, `${key}\n`);
    expect(ok.code, ok.stderr).toBe(0);
    const file = join(xdg, 'kiln/config.json');
    expect(jsonOf(ok)).toEqual({ api_url: apiUrl, config_path: file });
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({ api_url: apiUrl, api_key: key });

    // The stored server and key, with neither variable set.
    const list = await kiln(['deployments', '--json'], { XDG_CONFIG_HOME: xdg, KILN_API_URL: '' });
    expect(list.code, list.stderr).toBe(0);
    expect(jsonOf(list).object).toBe('list');

    const out = await kiln(['logout'], { XDG_CONFIG_HOME: xdg });
    expect(out.code).toBe(0);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({ api_url: apiUrl });
    expect((await kiln(['deployments'], { XDG_CONFIG_HOME: xdg })).code).toBe(3);
  });
});

describe('kiln deployments, logs, rollback', () => {
  it('lists a site’s deployments, shows a build log, and rolls back to the first', async () => {
    const site = siteId('roll');
    const first = await uploadDeploy(site, 'first');
    const second = await uploadDeploy(site, 'second');
    expect([first.status, second.status]).toEqual(['published', 'published']);

    const list = await kiln(['deployments', '--site', site, '--json'], withKey());
    expect(list.code).toBe(0);
    expect(jsonOf(list).data.map((d: { id: string }) => d.id)).toEqual([second.id, first.id]);
    const human = await kiln(['deployments', '--site', site], withKey());
    expect(human.stdout.trim().split('\n')).toHaveLength(2);
    expect(human.stdout).toContain(`${second.id}  ${site}  production  published`);

    const logs = await kiln(['logs', first.id], withKey());
    expect(logs.code).toBe(0);
    expect(logs.stdout).toMatch(/Extracted 1 file/);
    const followed = await kiln(['logs', first.id, '--follow', '--json'], withKey());
    expect(followed.code, followed.stderr).toBe(0);
    const f = jsonOf(followed);
    expect(f).toMatchObject({ id: first.id, status: 'published', deployment: { id: first.id, status: 'published' } });
    expect(f.lines.length).toBeGreaterThan(0);

    const back = await kiln(['rollback', first.id, '--json'], withKey());
    expect(back.code, back.stderr).toBe(0);
    expect(jsonOf(back)).toMatchObject({ id: first.id, status: 'rolled_back', site_id: site });
    await until(
      'the first deployment served again',
      async () => (await edgeGet(h.edge.httpPort, `${site}.${HOSTING_DOMAIN}`, '/')).body.toString() === 'first',
    );

    const missing = await kiln(['rollback', 'dep_nosuchthing', '--json'], withKey());
    expect(missing.code).toBe(1);
    expect(jsonOf(missing).error.code).toBe('not_found');
  });
});

describe('kiln logs --follow', () => {
  it('follows a build from its start to done, each line once, exit 0', async () => {
    const id = await startUploadDeploy(siteId('follow'), 'followed');
    const r = await kiln(['logs', id, '--follow', '--json'], withKey());
    expect(r.code, r.stderr).toBe(0);
    const out = jsonOf(r);
    expect(out.deployment).toMatchObject({ id, status: 'published' });
    const stored = await (await h.svc.app.request(`/v1/hosting/deployments/${id}/logs`, { headers: h.auth })).json();
    expect(out.lines).toEqual(stored.lines);
    // For people (on stderr under --json): each line, then the outcome.
    expect(r.stderr).toMatch(/Published 1 file[\s\S]*Deployment dep_\w+ published: https?:\/\//);
  });
});

describe('kiln deploy', () => {
  /** A folder with an index, a shared content at two paths, and what a deploy leaves out. */
  function siteFolder(extra: Record<string, string> = {}): string {
    const dir = mkdtempSync(join(tmpdir(), 'kiln-cli-dist-'));
    const files: Record<string, string> = {
      'index.html': '<h1>from the cli</h1>',
      'about/index.html': 'about',
      'assets/a.txt': 'same',
      'assets/b.txt': 'same',
      '.git/HEAD': 'ref: refs/heads/main',
      '.env': 'SECRET=1',
      ...extra,
    };
    for (const [name, data] of Object.entries(files)) {
      mkdirSync(join(dir, name, '..'), { recursive: true });
      writeFileSync(join(dir, name), data);
    }
    return dir;
  }

  it('uploads the folder by digests, follows the build and prints the URL; a second deploy uploads only what changed', async () => {
    const site = siteId('deploy');
    const dir = siteFolder();
    const r = await kiln(['deploy', dir, '--site', site], withKey());
    expect(r.code, r.stdout + r.stderr).toBe(0);
    expect(r.stdout).toMatch(/Hashed 4 files .*left out 2: /);
    expect(r.stdout).toMatch(/3 of 3 contents to upload/);
    expect(r.stdout).toMatch(new RegExp(`Published dep_\\w+: https?://${site}\\.${HOSTING_DOMAIN.replace('.', '\\.')}`));
    // Not a terminal: plain progress lines, no carriage returns.
    expect(r.stderr).toMatch(/Uploaded 3\/3 files/);
    expect(r.stderr).not.toContain('\r');
    expect((await edgeGet(h.edge.httpPort, `${site}.${HOSTING_DOMAIN}`, '/')).body.toString()).toBe('<h1>from the cli</h1>');
    expect((await edgeGet(h.edge.httpPort, `${site}.${HOSTING_DOMAIN}`, '/.env')).status).toBe(404);

    writeFileSync(join(dir, 'about/index.html'), 'about, changed');
    const again = await kiln(['deploy', dir, '--site', site, '--json'], withKey());
    expect(again.code, again.stderr).toBe(0);
    const out = jsonOf(again);
    expect(out).toMatchObject({ files: 4, uploaded: 1, deployment: { status: 'published', site_id: site } });
    expect(out.left_out.sort()).toEqual(['.env', '.git']);
    expect(again.stderr).toMatch(/1 of 3 contents to upload/);
    await until('the change served', async () => (await edgeGet(h.edge.httpPort, `${site}.${HOSTING_DOMAIN}`, '/about/')).body.toString() === 'about, changed');
  });

  it('a deploy that needs no upload at all still builds; --preview leaves production alone', async () => {
    const site = siteId('preview');
    const dir = siteFolder();
    expect((await kiln(['deploy', dir, '--site', site], withKey())).code).toBe(0);
    writeFileSync(join(dir, 'index.html'), '<h1>preview</h1>');
    const preview = await kiln(['deploy', dir, '--site', site, '--preview', '--json'], withKey());
    expect(preview.code, preview.stderr).toBe(0);
    const d = jsonOf(preview).deployment;
    expect(d).toMatchObject({ environment: 'preview', status: 'published' });
    expect((await edgeGet(h.edge.httpPort, `${d.id.slice(4)}--${site}.${HOSTING_DOMAIN}`, '/')).body.toString()).toBe('<h1>preview</h1>');
    expect((await edgeGet(h.edge.httpPort, `${site}.${HOSTING_DOMAIN}`, '/')).body.toString()).toBe('<h1>from the cli</h1>');

    const same = await kiln(['deploy', dir, '--site', site, '--preview', '--json', '--message', 'nothing changed'], withKey());
    expect(same.code, same.stderr).toBe(0);
    expect(jsonOf(same)).toMatchObject({ uploaded: 0, deployment: { status: 'published' } });
  });

  it('on a terminal the upload progress is one bar redrawn in place', async () => {
    const dir = siteFolder({ 'big.bin': 'x'.repeat(200_000) });
    // script(1) gives the command a pseudo-terminal, as a developer's shell would.
    const cmd = [process.execPath, 'bin/kiln.mjs', 'deploy', dir, '--site', siteId('tty')].map((a) => `'${a}'`).join(' ');
    const r = await new Promise<Ran>((resolve, reject) => {
      const child = spawn('script', ['-qec', cmd, '/dev/null'], {
        cwd: ROOT,
        env: { PATH: process.env.PATH ?? '', HOME: tmpdir(), KILN_API_URL: apiUrl, ...withKey() },
      });
      let stdout = '';
      child.stdout.on('data', (c) => (stdout += c));
      child.on('error', reject);
      child.on('close', (code) => resolve({ code: code ?? 1, stdout, stderr: '' }));
      child.stdin.end();
    });
    expect(r.code, r.stdout).toBe(0);
    // The account may hold some contents from earlier tests (uploads are deduplicated account-wide): n of n.
    expect(r.stdout).toMatch(/\r\[#{24}\] (\d+)\/\1 files {2}\S+ \S+\/\S+ \S+ {2}100%\x1b\[K/);
    expect(r.stdout).not.toMatch(/Uploaded \d+\/\d+ files/);
  });

  it('a manifest the API refuses is exit 1 with the API’s error, and nothing is uploaded', async () => {
    // A legal name here, refused by the archive rules every deploy follows (it would be a drive on Windows).
    const dir = siteFolder({ 'c:evil.html': 'x' });
    const r = await kiln(['deploy', dir, '--site', siteId('refused'), '--json'], withKey());
    expect(r.code).toBe(1);
    const { error } = jsonOf(r);
    expect(error.code).toBe('invalid_parameter');
    expect(error.message).toMatch(/c:evil\.html.*drive letter/);
    expect(r.stderr).not.toMatch(/Uploaded/);
  });

  it('an empty folder is a usage error (exit 2), an unknown folder too', async () => {
    const empty = mkdtempSync(join(tmpdir(), 'kiln-cli-empty-'));
    writeFileSync(join(empty, '.DS_Store'), 'x');
    const r = await kiln(['deploy', empty, '--site', siteId('empty'), '--json'], withKey());
    expect(r.code).toBe(2);
    expect(jsonOf(r).error.code).toBe('empty_site');
    expect((await kiln(['deploy', join(empty, 'nope'), '--site', siteId('empty')], withKey())).code).toBe(2);
  });
});
