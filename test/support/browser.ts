import { createServer, isIPv4 } from 'node:net';
import { type Browser, type BrowserContext, type BrowserContextOptions, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { startWeb } from '../../src/roles/web';
import { createRuntime, type Runtime } from '../../src/runtime';
import { testConfig } from './runtime';

export { saveScreenshot, screenshotDir } from './screenshots';

// Playwright's own deadlines sit under the suite's (vitest.config.ts: 180 s per hook, 120 s per test), so a
// browser that is slow because both cores are busy still fits, and a hang fails with Playwright's message
// (which names what it waited for) rather than vitest's bare timeout.
const LAUNCH_TIMEOUT_MS = 150_000;
const PAGE_TIMEOUT_MS = 90_000;

/**
 * The machine's Chromium (Debian's `chromium`, which `npm test` installs when missing; CHROMIUM_PATH points
 * elsewhere), headless, with everything that would reach out to Google's servers on its own turned off.
 * playwright-core never downloads a browser. Close it in afterAll: `await browser?.close()`.
 */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    timeout: LAUNCH_TIMEOUT_MS,
    args: [
      // Tests run as root in containers, where Chromium's sandbox cannot start.
      '--no-sandbox',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-default-apps',
      '--disable-sync',
      '--disable-domain-reliability',
      '--disable-client-side-phishing-detection',
      '--metrics-recording-only',
      '--no-first-run',
      '--no-default-browser-check',
      // /dev/shm is tiny in containers; Chromium crashes tabs when it runs out.
      '--disable-dev-shm-usage',
      '--disable-gpu',
      '--mute-audio',
    ],
  });
}

/** True for requests that stay on this machine: loopback hosts, and schemes that are not network at all (data:, blob:, about:). */
export function isLoopbackUrl(url: URL): boolean {
  if (!['http:', 'https:', 'ws:', 'wss:'].includes(url.protocol)) return true;
  const host = url.hostname.replace(/\.$/, '');
  if (host === 'localhost' || host.endsWith('.localhost')) return true;
  if (host === '[::1]') return true;
  return isIPv4(host) && host.startsWith('127.');
}

export interface BrowserPage {
  context: BrowserContext;
  page: Page;
  /** Every request the page (or its frames and workers) tried to send off this machine; each was aborted. */
  offLoopbackRequests: string[];
}

/**
 * A fresh context (own cookies and storage) and page whose relative URLs resolve against `baseUrl`
 * (`page.goto('/dashboard')`). Requests to other hosts are recorded in `offLoopbackRequests` and aborted, so
 * a test can assert the page needs nothing from the internet and never waits on a host it cannot reach.
 * `options.httpCredentials` is a basic-auth login the browser has cached (sent to whichever server asks).
 * Closed with the browser, or earlier with `context.close()`.
 */
export async function openPage(browser: Browser, baseUrl: string, options: Pick<BrowserContextOptions, 'httpCredentials'> = {}): Promise<BrowserPage> {
  const context = await browser.newContext({ ...options, baseURL: baseUrl });
  context.setDefaultTimeout(PAGE_TIMEOUT_MS);
  context.setDefaultNavigationTimeout(PAGE_TIMEOUT_MS);
  const offLoopbackRequests: string[] = [];
  context.on('request', (request) => {
    const url = new URL(request.url());
    if (!isLoopbackUrl(url)) offLoopbackRequests.push(request.url());
  });
  await context.route(
    (url) => !isLoopbackUrl(url),
    (route) => route.abort('blockedbyclient'),
  );
  return { context, page: await context.newPage(), offLoopbackRequests };
}

export interface WebApp {
  /** `http://127.0.0.1:<port>`, also the app's PUBLIC_URL, so links it builds (CDN, docs) stay on loopback. */
  baseUrl: string;
  rt: Runtime;
  close(): Promise<void>;
}

/** A TCP port that was free a moment ago. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, resolve);
  });
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (typeof address !== 'object' || !address) throw new Error('no port from a listening server');
  return address.port;
}

/**
 * The real web role (`startWeb` from src/roles/web.ts, what `kiln web` runs) on the suite's Postgres and
 * Redis, answering on a loopback port. The port is picked before the app starts so that PUBLIC_URL can name
 * it: a link the app renders must lead back to this server, not to the tests' usual http://kiln.test. Another
 * process may take that port in between; then it tries another. `overrides` are environment settings
 * (e.g. `{ ADMIN_USER: 'ops', ADMIN_PASSWORD: '…' }`).
 */
export async function startWebApp(overrides: Record<string, string> = {}): Promise<WebApp> {
  for (let attempt = 1; ; attempt++) {
    const port = await freePort();
    const baseUrl = `http://127.0.0.1:${port}`;
    const config = testConfig({ PORT: String(port), PUBLIC_URL: baseUrl, ...overrides });
    const rt = createRuntime(config, 'web');
    try {
      const web = await startWeb(rt, port);
      return {
        baseUrl,
        rt,
        async close() {
          await web.close();
          await rt.close();
        },
      };
    } catch (err) {
      await rt.close();
      if (attempt >= 5 || !/already in use/.test((err as Error).message)) throw err;
    }
  }
}

export interface BrowserStack {
  /** Set in beforeAll: the web role on a loopback port. */
  web: WebApp;
  /** Set in beforeAll: the machine's Chromium. */
  browser: Browser;
}

/**
 * The setup every browser test shares: registers a beforeAll that starts the web role (`overrides` as in
 * `startWebApp`) and then Chromium, and an afterAll that closes whichever of them started. Read `web` and
 * `browser` from the returned object inside tests (they are set once beforeAll has run).
 */
export function useBrowserStack(overrides: Record<string, string> = {}): BrowserStack {
  const stack = {} as Partial<BrowserStack>;
  // One after the other, so that whichever started is assigned, and closed here even if the other failed.
  beforeAll(async () => {
    stack.web = await startWebApp(overrides);
    stack.browser = await launchBrowser();
  });
  afterAll(async () => {
    await stack.browser?.close();
    await stack.web?.close();
  });
  return stack as BrowserStack;
}

/** Signs in through the dashboard's form and waits for the overview it lands on. */
export async function signInDashboard(page: Page, user: { email: string; password: string }): Promise<void> {
  await page.goto('/dashboard/sign-in');
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('heading', { name: 'Overview' }).waitFor();
}
