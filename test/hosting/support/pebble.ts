import { execFile, spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import https from 'node:https';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const PEBBLE_BIN = '/usr/bin/pebble';
const run = promisify(execFile);

export interface PebbleOptions {
  /** Port pebble's VA connects to (on the domain's resolved address) for HTTP-01. */
  httpPort: number;
  /** `host:port` of the DNS server pebble's VA resolves challenge domains with. */
  dnsServer: string;
  startTimeoutMs?: number;
}

export interface Pebble {
  directoryUrl: string;
  /** Trust anchor for pebble's own HTTPS listeners (ACME and management), not for what it issues. */
  caBundlePem: string;
  /** Pebble's freshly generated issuance root; every run has a new one. */
  rootCaPem(): Promise<string>;
  output(): string;
  stop(): Promise<void>;
}

export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

function httpsGet(url: string, ca: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    // agent: false so no keep-alive socket outlives the request.
    const req = https.get(url, { ca, agent: false, timeout: 2_000 }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      res.on('error', reject);
    });
    req.on('timeout', () => req.destroy(new Error(`GET ${url} timed out`)));
    req.on('error', reject);
  });
}

/** Self-signed cert for pebble's listeners; pebble insists on file paths in its config. */
async function writeListenerCert(dir: string): Promise<{ certPath: string; keyPath: string }> {
  const certPath = join(dir, 'cert.pem');
  const keyPath = join(dir, 'key.pem');
  await run('openssl', [
    'req',
    '-x509',
    '-newkey',
    'ec',
    '-pkeyopt',
    'ec_paramgen_curve:P-256',
    '-nodes',
    '-keyout',
    keyPath,
    '-out',
    certPath,
    '-days',
    '2',
    '-subj',
    '/CN=localhost',
    '-addext',
    'subjectAltName=DNS:localhost,IP:127.0.0.1',
  ]);
  return { certPath, keyPath };
}

/** Starts Debian's pebble on free loopback ports and resolves once its directory answers. */
export async function startPebble(options: PebbleOptions): Promise<Pebble> {
  const dir = await mkdtemp(join(tmpdir(), 'kiln-pebble-'));
  const { certPath, keyPath } = await writeListenerCert(dir);
  const caBundlePem = await readFile(certPath, 'utf8');
  const [acmePort, managementPort, tlsAlpnPort] = [await freePort(), await freePort(), await freePort()];
  const configPath = join(dir, 'pebble-config.json');
  await writeFile(
    configPath,
    JSON.stringify({
      pebble: {
        listenAddress: `127.0.0.1:${acmePort}`,
        managementListenAddress: `127.0.0.1:${managementPort}`,
        certificate: certPath,
        privateKey: keyPath,
        httpPort: options.httpPort,
        tlsPort: tlsAlpnPort,
        ocspResponderURL: '',
        externalAccountBindingRequired: false,
      },
    }),
  );

  const child = spawn(PEBBLE_BIN, ['-config', configPath, '-dnsserver', options.dnsServer], {
    cwd: dir,
    env: {
      ...process.env,
      // Validate at once instead of sleeping up to 15 s per challenge.
      PEBBLE_VA_NOSLEEP: '1',
      // Pebble otherwise rejects 5% of valid nonces and reuses half of authorizations: both are
      // compliance tests for clients, pure noise for these tests.
      PEBBLE_WFE_NONCEREJECT: '0',
      PEBBLE_AUTHZREUSE: '0',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr.on('data', (d: Buffer) => (out += d.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let hasExited = false;
  void exited.then(() => (hasExited = true));

  const stop = async () => {
    if (!hasExited) {
      child.kill('SIGTERM');
      const killer = setTimeout(() => child.kill('SIGKILL'), 3_000);
      await exited;
      clearTimeout(killer);
    }
    await rm(dir, { recursive: true, force: true });
  };

  const directoryUrl = `https://127.0.0.1:${acmePort}/dir`;
  const managementUrl = `https://127.0.0.1:${managementPort}`;
  const startedBy = Date.now() + (options.startTimeoutMs ?? 15_000);
  try {
    for (;;) {
      if (hasExited) throw new Error('pebble exited during startup');
      const ready = await httpsGet(directoryUrl, caBundlePem).then(
        (res) => res.status === 200,
        () => false,
      );
      if (ready) break;
      if (Date.now() > startedBy) throw new Error('pebble directory did not answer in time');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  } catch (err) {
    await stop();
    throw new Error(`${(err as Error).message}; pebble output:\n${out}`);
  }

  return {
    directoryUrl,
    caBundlePem,
    async rootCaPem() {
      const res = await httpsGet(`${managementUrl}/roots/0`, caBundlePem);
      if (res.status !== 200) throw new Error(`pebble /roots/0 answered ${res.status}: ${res.body}`);
      return res.body;
    },
    output: () => out,
    stop,
  };
}
