import type { Db } from '../db/client';
import { claimSiteOwner, type SiteClaim } from '../db/queries/sites';

const MAX_ENTRIES = 100_000;

/**
 * Site ownership, remembered per process: a site's owner never changes once it exists, so after the
 * first request for a site no query is needed to know whether the caller may use it.
 */
export class SiteOwners {
  private readonly owners = new Map<string, string>();

  constructor(private readonly db: Db) {}

  async claim(accountId: string, siteId: string): Promise<SiteClaim> {
    let owner = this.owners.get(siteId);
    if (owner === undefined) {
      owner = await claimSiteOwner(this.db, accountId, siteId);
      if (this.owners.size >= MAX_ENTRIES) this.owners.clear();
      this.owners.set(siteId, owner);
    }
    return owner === accountId ? 'owned' : 'taken';
  }
}
