import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';

/**
 * Where browser tests leave full-page screenshots for a person to look at. The global setup empties it
 * at the start of a run and prints it at the end, so what is there belongs to the last run. Gitignored.
 * Kept apart from browser.ts so the global setup can name it without loading playwright.
 */
export const SCREENSHOT_DIR = new URL('../../test-results/screenshots/', import.meta.url).pathname.replace(/\/$/, '');

/** The screenshot folder of this run, created if missing (a file run on its own has no global setup to make it). */
export function screenshotDir(): string {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  return SCREENSHOT_DIR;
}

/**
 * Writes a full-page PNG of `page` as `<name>.png` and returns its absolute path. Names are reduced to
 * letters, digits, dots, dashes and underscores; test files run in parallel, so give each a name of its own
 * (e.g. 'dashboard-keys-empty').
 */
export async function saveScreenshot(page: Page, name: string): Promise<string> {
  const file = join(screenshotDir(), `${name.replace(/[^A-Za-z0-9._-]+/g, '-')}.png`);
  await page.screenshot({ path: file, fullPage: true });
  return file;
}
