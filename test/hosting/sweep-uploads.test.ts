import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertDeployment } from '../../src/db/queries/deployments';
import { claimSiteOwner } from '../../src/db/queries/sites';
import { type DeploymentStatus, deployments } from '../../src/db/schema';
import { uploadedArchiveKey } from '../../src/hosting/blob-keys';
import { archivesToDelete, ORPHAN_AFTER_MS, sweepUploadedArchives } from '../../src/hosting/sweep-uploaded-archives';
import { newId } from '../../src/ids';
import { SCHEDULES } from '../../src/workers/schedules';
import { createTestAccount, startTestService, type TestService } from '../support/runtime';

// Its own storage folder (startTestService makes one per runtime), so the sweep sees only this file's uploads.
let svc: TestService;
let accountId: string;
const site = `sweep-up-${randomBytes(3).toString('hex')}`;

beforeAll(async () => {
  svc = await startTestService();
  ({ accountId } = await createTestAccount(svc.rt, 'business'));
  await claimSiteOwner(svc.rt.db, accountId, site);
});
afterAll(async () => {
  await svc?.close();
});

const ctx = () => ({ rt: svc.rt, job: { attemptsMade: 0, id: 'sweep' } as never, log: svc.rt.log });

/** An uploaded archive in storage and, unless `status` is null, the deployment row that names it. */
async function upload(status: DeploymentStatus | null): Promise<string> {
  const id = newId('dep');
  const key = uploadedArchiveKey(id);
  await svc.rt.store.put(key, Buffer.from('PK\x03\x04 not really a zip'), 'application/octet-stream');
  if (status) {
    await insertDeployment(svc.rt.db, { id, accountId, siteId: site, environment: 'production', sourceUrl: null, archiveKey: key });
    await svc.rt.db.update(deployments).set({ status }).where(eq(deployments.id, id));
  }
  return key;
}

describe('sweeping uploaded archives', () => {
  it('deletes, past an hour, uploads no row names and those of ended builds; keeps those a build will still read', async () => {
    const orphan = await upload(null);
    const pending = await upload('pending');
    const building = await upload('building');
    const published = await upload('published');
    const failed = await upload('failed');
    const rolledBack = await upload('rolled_back');
    // A row that names another key (it is not this upload's deployment): the upload is still an orphan.
    const id = newId('dep');
    const mismatched = uploadedArchiveKey(id);
    await svc.rt.store.put(mismatched, Buffer.from('x'), 'application/octet-stream');
    await insertDeployment(svc.rt.db, { id, accountId, siteId: site, environment: 'production', sourceUrl: null, archiveKey: null });
    const siteFile = 'sites/blobs/ab/abcdef';
    await svc.rt.store.put(siteFile, Buffer.from('a site file, not an upload'), 'text/plain');

    // Young: an upload may be a moment from its row, so nothing is touched within the hour.
    expect(await sweepUploadedArchives(ctx())).toEqual({ deleted: 0, kept: 0 });
    for (const key of [orphan, pending, building, published, failed, rolledBack, mismatched]) expect(await svc.rt.store.exists(key)).toBe(true);

    const later = Date.now() + ORPHAN_AFTER_MS + 60_000;
    expect(await sweepUploadedArchives(ctx(), {}, later)).toEqual({ deleted: 5, kept: 2 });
    for (const key of [orphan, published, failed, rolledBack, mismatched]) expect(await svc.rt.store.exists(key), key).toBe(false);
    for (const key of [pending, building]) expect(await svc.rt.store.exists(key), key).toBe(true);
    expect(await svc.rt.store.exists(siteFile)).toBe(true);

    // Idempotent: a second sweep finds only what it keeps.
    expect(await sweepUploadedArchives(ctx(), {}, later)).toEqual({ deleted: 0, kept: 2 });
  });

  it('decides by the row that names the key (pure rule)', () => {
    const k = (id: string) => uploadedArchiveKey(id);
    expect(
      archivesToDelete(
        [k('dep_a'), k('dep_b'), k('dep_c'), k('dep_d')],
        [
          { id: 'dep_a', status: 'building', archiveKey: k('dep_a') },
          { id: 'dep_b', status: 'published', archiveKey: k('dep_b') },
          { id: 'dep_c', status: 'pending', archiveKey: null },
        ],
      ),
    ).toEqual([k('dep_b'), k('dep_c'), k('dep_d')]);
  });

  it('runs hourly on the maintenance queue', () => {
    expect(SCHEDULES).toContainEqual({ name: 'deployments.sweep-uploads', queue: 'maintenance', everyMs: 3_600_000 });
  });
});
