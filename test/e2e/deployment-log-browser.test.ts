import { describe, expect, it } from 'vitest';
import { appendDeploymentLog, failBuild, insertDeployment, startBuild } from '../../src/db/queries/deployments';
import { claimSiteOwner } from '../../src/db/queries/sites';
import { announceDeploymentLog } from '../../src/hosting/deployment-log-events';
import { newId } from '../../src/ids';
import { openPage, saveScreenshot, signInDashboard, useBrowserStack } from '../support/browser';
import { createDashboardUser } from '../support/dashboard';
import { until } from '../support/until';

// A deployment's page in a real Chromium while its build runs: the log grows as lines are written (the
// steps the build takes, done here directly so the test says when), and the page shows the outcome at the end.
const stack = useBrowserStack();

describe('the deployment page follows its build', () => {
  it('adds each line as it is written, under the dashboard’s CSP, and reloads into the outcome', async () => {
    const { web, browser } = stack;
    const user = await createDashboardUser(web.rt, { plan: 'business' });
    const siteId = `live-${user.userId.slice(5, 13)}`;
    await claimSiteOwner(web.rt.db, user.accountId, siteId);
    const id = newId('dep');
    await insertDeployment(web.rt.db, { id, accountId: user.accountId, siteId, environment: 'production', sourceUrl: 'https://example.com/site.zip' });
    await startBuild(web.rt.db, id);
    await appendDeploymentLog(web.rt.db, id, 'Build started (attempt 1 of 3).');
    const write = async (message: string, level: 'info' | 'warn' | 'error' = 'info') => {
      await appendDeploymentLog(web.rt.db, id, message, level);
      await announceDeploymentLog(web.rt, web.rt.log, id);
    };

    const { page, offLoopbackRequests } = await openPage(browser, web.baseUrl);
    const refused: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error') refused.push(m.text());
    });
    await signInDashboard(page, user);

    const before = web.rt.deploymentLogEvents.waiting;
    await page.goto(`/dashboard/deployments/${id}`);
    const log = page.locator('pre.log');
    await log.getByText('Build started').waitFor();
    await until('the page to follow the log', async () => web.rt.deploymentLogEvents.waiting > before);

    await write('Downloading https://example.com/site.zip');
    await log.getByText('Downloading https://example.com/site.zip').waitFor();
    await write('Attempt 1 of 3 failed: the source timed out; trying again.', 'warn');
    await log.locator('span.warn', { hasText: 'trying again' }).waitFor();
    await saveScreenshot(page, 'dashboard-deployment-live-log');
    // Shown once each: lines written before the page loaded are not repeated by the stream.
    expect(((await log.textContent()) ?? '').match(/Build started/g)).toHaveLength(1);

    await web.rt.db.transaction(async (tx) => {
      await appendDeploymentLog(tx, id, 'The build failed: the source timed out.', 'error');
      await failBuild(tx, id, 'The build failed: the source timed out.');
    });
    await announceDeploymentLog(web.rt, web.rt.log, id);
    // done: the page reloads and shows the failure, following nothing any more.
    await page.getByText('This deployment failed:').waitFor();
    expect(await page.locator('pre[data-live-log]').count()).toBe(0);
    expect((await log.textContent()) ?? '').toContain('The build failed: the source timed out.');
    await until('the stream to end', async () => web.rt.deploymentLogEvents.waiting === before);
    expect(refused).toEqual([]);
    expect(offLoopbackRequests).toEqual([]);
  });
});
