import { ArchiveBudget } from './budget';
import { normaliseEntryPath } from './entry-path';
import { SitePlanBuilder } from './site-plan';
import type { ArchiveLimits } from './types';

/** A site sent as paths and the SHA-256 of their contents, checked like an archive's entries. */
export interface DigestManifestPlan {
  /** Site path (normalised) → SHA-256 (lowercase hex), macOS metadata left out as from an archive. */
  files: Record<string, string>;
  /** The distinct contents, in first-seen order. */
  hashes: string[];
}

/**
 * Applies the archive rules to a manifest's paths: the same normalisation and refusals (`..`, absolute
 * paths, drive letters, NUL), caps (entries, path length and depth, folders), duplicates after
 * normalisation and names that are both a file and a folder. Unlike an archive, a manifest's single top
 * folder is not stripped: its paths are the site's paths as given. Throws the planner's ArchiveError.
 */
export function planDigestManifest(files: Readonly<Record<string, string>>, limits: ArchiveLimits): DigestManifestPlan {
  // Sizes are unknown until uploaded (0 declared); the ratio guard has no archive to compare with.
  const builder = new SitePlanBuilder(new ArchiveBudget(limits, Number.MAX_SAFE_INTEGER));
  // A Map, then fromEntries: a path named "__proto__" is a file like any other, not a prototype.
  const out = new Map<string, string>();
  const hashes = new Set<string>();
  for (const [name, hash] of Object.entries(files)) {
    if (!builder.add({ name, type: 'file', size: 0 })) continue;
    out.set(normaliseEntryPath(name), hash);
    hashes.add(hash);
  }
  builder.finish();
  return { files: Object.fromEntries(out), hashes: [...hashes] };
}
