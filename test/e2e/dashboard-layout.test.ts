import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { createApiKey } from '../../src/accounts/create-api-key';
import { currentBillingPeriod } from '../../src/billing/period';
import { appendDeploymentLog, failBuild, insertDeployment, markPublished, publishBuild, startBuild } from '../../src/db/queries/deployments';
import { insertDocument } from '../../src/db/queries/documents';
import { insertDomain } from '../../src/db/queries/domains';
import { claimSiteOwner } from '../../src/db/queries/sites';
import { insertUsageLine } from '../../src/db/queries/usage';
import { insertVoice } from '../../src/db/queries/voices';
import { insertWebhookEndpoint } from '../../src/db/queries/webhooks';
import { usageLedger } from '../../src/db/schema';
import { newId } from '../../src/ids';
import { openPage, saveScreenshot, signInDashboard, useBrowserStack } from '../support/browser';
import { createDashboardUser, type DashboardUser } from '../support/dashboard';

// Every dashboard page, filled with data, in a real Chromium at a phone's, a small laptop's and a wide
// screen's width: no two pieces of text may be drawn over each other, and no table cell may wrap past two lines.
const stack = useBrowserStack();

const WIDTHS = [390, 1024, 1600] as const;
const DAY_MS = 86_400_000;

interface Seeded {
  user: DashboardUser;
  pages: string[];
}

/** An account with something on every page: a site with deployments, a domain, keys, webhooks, files, voices, and usage. */
async function seed(usageDays: number): Promise<Seeded> {
  const { rt } = stack.web;
  const user = await createDashboardUser(rt, { plan: 'business' });
  const siteId = `layout-${user.userId.slice(5, 13)}`;
  await claimSiteOwner(rt.db, user.accountId, siteId);
  const deployments: string[] = [];
  for (const [i, outcome] of (['ready', 'ready', 'failed', 'building'] as const).entries()) {
    const id = newId('dep');
    deployments.push(id);
    await insertDeployment(rt.db, {
      id,
      accountId: user.accountId,
      siteId,
      environment: i === 1 ? 'preview' : 'production',
      sourceUrl: 'https://example.com/a-rather-long-archive-name-for-the-site.zip',
    });
    const started = await startBuild(rt.db, id);
    await appendDeploymentLog(rt.db, id, 'Build started (attempt 1 of 3).');
    if (outcome === 'ready') {
      await rt.db.transaction((tx) => publishBuild(tx, started!, { fileCount: 12, totalBytes: 34_567, siteRules: null }));
      await markPublished(rt.db, id);
    }
    if (outcome === 'failed') {
      await appendDeploymentLog(rt.db, id, 'The build failed: the source timed out.', 'error');
      await failBuild(rt.db, id, 'The build failed: the source timed out.');
    }
  }
  const domain = `www.${siteId}.example.com`;
  await insertDomain(rt.db, { id: newId('dom'), domain, accountId: user.accountId, siteId, token: 'kiln-verify-0123456789abcdef' });
  await createApiKey(rt.db, { accountId: user.accountId, label: 'production server' });
  await createApiKey(rt.db, { accountId: user.accountId, label: 'a key for the nightly batch of plagiarism checks', scopes: ['text', 'plagiarism'] });
  const endpoint = newId('whep');
  await insertWebhookEndpoint(rt.db, {
    id: endpoint,
    accountId: user.accountId,
    url: 'https://hooks.example.com/kiln/a/rather/long/path/to/the/receiver',
    description: 'Order system',
    secret: 'whsec_dGVzdHRlc3R0ZXN0dGVzdHRlc3R0ZXN0dGVzdA==',
  });
  const fileId = newId('file');
  await insertDocument(rt.db, {
    id: fileId,
    accountId: user.accountId,
    filename: 'quarterly-report-with-a-long-name-2026.pdf',
    sizeBytes: 1_234_567,
    kind: 'pdf',
    blobKey: `files/${fileId}`,
    searchConfig: 'simple',
    pageCount: 12,
    passageCount: 40,
  });
  await insertVoice(rt.db, { id: newId('voice'), accountId: user.accountId, name: 'Narrator', sampleUrl: 'https://example.com/sample.wav' });

  // Use on `usageDays` days of this period, ending today (the period's first day at the earliest).
  const period = currentBillingPeriod();
  const today = Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), new Date().getUTCDate());
  for (let d = 0; d < usageDays; d++) {
    const day = today - d * DAY_MS;
    if (day < period.start.getTime()) break;
    const sourceId = newId('gen');
    await rt.db.transaction(async (tx) => {
      for (const [metric, quantity] of [
        ['text_tokens', 1_200 + d * 700],
        ['images_generated', 1 + d],
        ['audio_seconds', 95 + d * 30],
      ] as const) {
        await insertUsageLine(tx, { accountId: user.accountId, keyId: null, product: null, metric, quantity, sourceId, periodKey: period.key });
      }
      await tx
        .update(usageLedger)
        .set({ createdAt: new Date(day + 12 * 3_600_000) })
        .where(eq(usageLedger.sourceId, sourceId));
    });
  }

  return {
    user,
    pages: [
      '/dashboard',
      '/dashboard/keys',
      '/dashboard/sites',
      `/dashboard/sites/${siteId}`,
      `/dashboard/deployments/${deployments[0]}`,
      `/dashboard/deployments/${deployments[2]}`,
      '/dashboard/domains',
      `/dashboard/domains/${encodeURIComponent(domain)}`,
      '/dashboard/voices',
      '/dashboard/files',
      '/dashboard/webhooks',
      `/dashboard/webhooks/${endpoint}`,
      '/dashboard/activity',
      '/dashboard/members',
      '/dashboard/account',
    ],
  };
}

interface Box {
  what: string;
  x: number;
  y: number;
  w: number;
  h: number;
}

interface Layout {
  overlaps: [Box, Box][];
  wrapped: { what: string; lines: number }[];
}

/**
 * Runs in the page: the boxes of the text each leaf element draws itself (its own text nodes, measured
 * with a Range, so a block's empty width does not count; plus buttons, inputs and selects), and every
 * table cell's line count (its content's height over its computed line-height).
 */
const MEASURE_LAYOUT = `(() => {
  const describe = (el, text) => {
    const cls = el.getAttribute('class');
    return \`<\${el.tagName.toLowerCase()}\${cls ? \` class="\${cls}"\` : ''}> "\${text.trim().replace(/\\s+/g, ' ').slice(0, 50)}"\`;
  };
  const hidden = (el) => {
    if (el.closest('.visually-hidden, .skip, details:not([open]) > :not(summary), [hidden], [aria-hidden="true"]')) return true;
    const style = getComputedStyle(el);
    return style.visibility !== 'visible' || Number(style.opacity) === 0 || style.display === 'none';
  };
  const clip = (el, r) => {
    let left = r.left, top = r.top, right = r.right, bottom = r.bottom;
    for (let a = el; a && a !== document.body; a = a.parentElement) {
      const style = getComputedStyle(a);
      if (style.overflowX === 'visible' && style.overflowY === 'visible') continue;
      const b = a.getBoundingClientRect();
      if (style.overflowX !== 'visible') { left = Math.max(left, b.left); right = Math.min(right, b.right); }
      if (style.overflowY !== 'visible') { top = Math.max(top, b.top); bottom = Math.min(bottom, b.bottom); }
    }
    return { left, top, width: right - left, height: bottom - top };
  };
  const entries = [];
  const all = document.body.querySelectorAll('*');
  for (const el of all) {
    if (['SCRIPT', 'STYLE', 'TITLE', 'DATALIST', 'OPTION', 'svg'].includes(el.tagName) || el instanceof SVGElement) continue;
    if (hidden(el)) continue;
    let rects = [];
    let text = '';
    if (el.matches('button, input:not([type="hidden"]), select, textarea')) {
      rects = [el.getBoundingClientRect()];
      text = el.value || el.textContent || '';
    } else if (!el.closest('button, select, textarea')) {
      for (const node of el.childNodes) {
        if (node.nodeType !== Node.TEXT_NODE || !node.textContent?.trim()) continue;
        const range = document.createRange();
        range.selectNodeContents(node);
        rects.push(...range.getClientRects());
        text += node.textContent;
      }
    }
    // Text cut off by an element that clips it (a table scrolled sideways, a link ending in an ellipsis) is
    // not drawn: each box is cut to what its clipping ancestors show.
    rects = rects.map((r) => clip(el, r)).filter((r) => r.width > 0.5 && r.height > 0.5);
    if (rects.length === 0) continue;
    // Each line box separately, so that a wrapped paragraph's empty corners do not count as its text.
    for (const r of rects) {
      entries.push({ el, box: { what: describe(el, text), x: r.left + window.scrollX, y: r.top + window.scrollY, w: r.width, h: r.height } });
    }
  }
  const overlaps = [];
  const seen = new Set();
  const TOLERANCE = 1;
  for (let i = 0; i < entries.length; i++) {
    for (let j = i + 1; j < entries.length; j++) {
      const a = entries[i];
      const b = entries[j];
      if (a.el === b.el || a.el.contains(b.el) || b.el.contains(a.el)) continue;
      const w = Math.min(a.box.x + a.box.w, b.box.x + b.box.w) - Math.max(a.box.x, b.box.x);
      const h = Math.min(a.box.y + a.box.h, b.box.y + b.box.h) - Math.max(a.box.y, b.box.y);
      if (w <= TOLERANCE || h <= TOLERANCE) continue;
      const key = \`\${a.box.what}|\${b.box.what}\`;
      if (seen.has(key)) continue;
      seen.add(key);
      overlaps.push([a.box, b.box]);
    }
  }
  const wrapped = [];
  for (const cell of document.querySelectorAll('td, th')) {
    if (hidden(cell) || !cell.textContent?.trim()) continue;
    const style = getComputedStyle(cell);
    const lineHeight = style.lineHeight === 'normal' ? Number.parseFloat(style.fontSize) * 1.2 : Number.parseFloat(style.lineHeight);
    const range = document.createRange();
    range.selectNodeContents(cell);
    const lines = Math.round(range.getBoundingClientRect().height / lineHeight);
    if (lines > 2) wrapped.push({ what: describe(cell, cell.textContent ?? ''), lines });
  }
  return { overlaps, wrapped };
})()`;

async function problemsOn(page: Page, path: string, width: number): Promise<string[]> {
  const res = await page.goto(path, { waitUntil: 'load' });
  expect(res?.status(), path).toBe(200);
  await page.locator('main h1').first().waitFor();
  const { overlaps, wrapped } = (await page.evaluate(MEASURE_LAYOUT)) as Layout;
  const at = `${path} at ${width} px`;
  const fmt = (b: Box) => `${b.what} [${Math.round(b.x)},${Math.round(b.y)} ${Math.round(b.w)}×${Math.round(b.h)}]`;
  return [...overlaps.map(([a, b]) => `${at}: overlap ${fmt(a)} × ${fmt(b)}`), ...wrapped.map((c) => `${at}: cell wraps to ${c.lines} lines: ${c.what}`)];
}

describe('the dashboard’s layout at three widths', () => {
  it('draws no text over other text and wraps no table cell past two lines, on every page', async () => {
    const { web, browser } = stack;
    // Use on one day only, and on several: the charts' two shapes.
    const accounts = [await seed(1), await seed(5)];
    const problems: string[] = [];
    for (const [n, { user, pages }] of accounts.entries()) {
      const { context, page, offLoopbackRequests } = await openPage(browser, web.baseUrl);
      await signInDashboard(page, user);
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: 900 });
        for (const path of n === 0 ? pages : pages.slice(0, 1)) problems.push(...(await problemsOn(page, path, width)));
        if (n === 0) {
          await page.goto('/dashboard/domains');
          await saveScreenshot(page, `dashboard-layout-domains-${width}`);
          await page.goto(pages[3]!);
          await saveScreenshot(page, `dashboard-layout-site-${width}`);
        }
        await page.goto('/dashboard');
        await saveScreenshot(page, `dashboard-layout-overview-${n === 0 ? 1 : 5}-days-${width}`);
      }
      expect(offLoopbackRequests).toEqual([]);
      await context.close();
    }
    // The signed-out pages too.
    const { context, page } = await openPage(browser, web.baseUrl);
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 900 });
      for (const path of ['/dashboard/sign-in', '/dashboard/forgot']) {
        await page.goto(path, { waitUntil: 'load' });
        const { overlaps } = (await page.evaluate(MEASURE_LAYOUT)) as Layout;
        problems.push(...overlaps.map(([a, b]) => `${path} at ${width} px: overlap ${a.what} × ${b.what}`));
      }
    }
    await context.close();
    if (problems.length > 0) console.log(`layout problems:\n${problems.join('\n')}`);
    expect(problems).toEqual([]);
  });
});
