import type { SitePlan } from './site-plan';
import type { ArchiveKind, SiteFile } from './types';

/**
 * One archive format, opened and fully checked (the plan), ready to hand out
 * its files one at a time. `close` must run whatever happens.
 */
export interface SiteFileSource {
  kind: ArchiveKind;
  plan: SitePlan;
  files(): AsyncGenerator<SiteFile>;
  close(): Promise<void>;
}
