import { X509Certificate } from 'node:crypto';
import { mkdtemp, readFile, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import tls from 'node:tls';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { zipBuffer } from '../hosting/support/archive-fixtures';
import { edgeGetTls, HOSTING_DOMAIN, startFileHost, startHostingHarness, type HostingHarness } from '../hosting/support/hosting-harness';
import { cli } from '../support/cli';
import { testEnv } from '../support/runtime';

vi.setConfig({ testTimeout: 240_000, hookTimeout: 240_000 });

const env = testEnv();
let h: HostingHarness;
let files: Awaited<ReturnType<typeof startFileHost>>;

beforeAll(async () => {
  h = await startHostingHarness();
  files = await startFileHost();
  files.put('/site.zip', await zipBuffer([{ name: 'index.html', data: '<h1>trusted</h1>' }]));
});
afterAll(async () => {
  await h.close();
  await files.close();
});

/** The certificate the edge presents for `servername` over HTTPS on loopback, trusting nothing. */
function edgeCertificate(servername: string): Promise<X509Certificate> {
  return new Promise((resolve, reject) => {
    const socket = tls.connect({ host: '127.0.0.1', port: h.edge.httpsPort, servername, rejectUnauthorized: false }, () => {
      const cert = socket.getPeerX509Certificate();
      socket.end();
      if (cert) resolve(cert);
      else reject(new Error('no peer certificate'));
    });
    socket.on('error', reject);
  });
}

describe('kiln ca export', () => {
  it('writes the local CA certificate that signed the edge’s certificate, to a file or stdout', async () => {
    const d = await h.deploy({ site_id: 'ca-export', source_url: files.url('/site.zip') });
    expect(d.status).toBe('published');
    const dir = await mkdtemp(join(tmpdir(), 'kiln-ca-'));
    const out = join(dir, 'kiln-ca.crt');

    const written = await cli(['ca', 'export', '--out', out], env);
    expect(written.code, written.stderr).toBe(0);
    const pem = await readFile(out, 'utf8');
    expect(pem).toMatch(/^-----BEGIN CERTIFICATE-----\n[\s\S]+\n-----END CERTIFICATE-----\n$/);
    expect((await stat(out)).mode & 0o777).toBe(0o644);
    const ca = new X509Certificate(pem);
    expect(ca.subject).toBe('CN=Kiln Local CA');
    expect(ca.ca).toBe(true);
    expect(written.stdout).toContain(`sha256_fingerprint: ${ca.fingerprint256}`);

    // The edge's certificate for a site's host verifies against it, and a TLS client trusting only it is satisfied.
    const host = `ca-export.${HOSTING_DOMAIN}`;
    const leaf = await edgeCertificate(host);
    expect(leaf.checkIssued(ca)).toBe(true);
    expect(leaf.verify(ca.publicKey)).toBe(true);
    expect(leaf.checkHost(host)).toBe(`*.${HOSTING_DOMAIN}`);
    const served = await edgeGetTls(h.edge.httpsPort, host, pem);
    expect([served.authorized, served.status, served.body.toString()]).toEqual([true, 200, '<h1>trusted</h1>']);
    // A deployment's permalink is under the same wildcard.
    const permalinkHost = new URL(d.permalink_url).hostname;
    expect((await edgeGetTls(h.edge.httpsPort, permalinkHost, pem)).authorized).toBe(true);

    // Without --out: the PEM alone on stdout (to redirect into a file), the same certificate.
    const printed = await cli(['ca', 'export'], env);
    expect(printed.code, printed.stderr).toBe(0);
    expect(printed.stdout).toBe(pem);
    expect(printed.stderr).toContain(ca.fingerprint256);

    // --json: one object, the PEM in it when no file is named.
    const json = await cli(['ca', 'export', '--json'], env);
    expect(json.code).toBe(0);
    expect(json.stdout.trimEnd().split('\n')).toHaveLength(1);
    expect(JSON.parse(json.stdout)).toEqual({
      subject: 'CN=Kiln Local CA',
      sha256_fingerprint: ca.fingerprint256,
      not_after: new Date(ca.validTo).toISOString(),
      pem,
    });
    const jsonOut = await cli(['ca', 'export', '--out', join(dir, 'again.pem'), '--json'], env);
    expect(JSON.parse(jsonOut.stdout)).toMatchObject({ out: join(dir, 'again.pem'), sha256_fingerprint: ca.fingerprint256 });
    expect(JSON.parse(jsonOut.stdout).pem).toBeUndefined();

    // A file that cannot be written fails like any command: exit 1, the reason said.
    const refused = await cli(['ca', 'export', '--out', join(dir, 'no-such-dir', 'ca.crt'), '--json'], env);
    expect(refused.code).toBe(1);
    expect(JSON.parse(refused.stdout).error.message).toMatch(/ENOENT/);
  });
});
