import { buffer } from 'node:stream/consumers';
import type { DigestManifest } from '../db/queries/deployment-uploads';
import type { DeploymentFileRow } from '../db/queries/deployments';
import type { BlobStore } from '../storage/blob-store';
import { DEFAULT_ARCHIVE_LIMITS } from './archive';
import { siteBlobKey } from './blob-keys';
import { contentTypeFor } from './edge/content-type';
import { isRuleFile, RULE_FILES } from './site-rules';

type ManifestEntry = Omit<DeploymentFileRow, 'deploymentId'>;

/** What a deploy by digests gives the build: the same as an extracted archive. */
export interface DigestSite {
  entries: ManifestEntry[];
  ruleFiles: { redirects?: string; headers?: string };
  /** The rule files' contents: stored (uploaded) though not served. */
  ruleContents: { hash: string; size: number }[];
  bytes: number;
}

/**
 * The manifest source, beside the zip and tar ones: the files are already stored (content-addressed, each
 * upload checked against its hash), so nothing is copied; only `_redirects` and `_headers` are read, as
 * from an archive they are rules, not files. Throws a message for the build log when a content never
 * arrived or the site is over the archive's total cap (uploads are checked one at a time).
 */
export async function readDigestSite(store: Pick<BlobStore, 'get'>, manifest: DigestManifest): Promise<DigestSite> {
  const entries: ManifestEntry[] = [];
  const ruleFiles: DigestSite['ruleFiles'] = {};
  const ruleContents: DigestSite['ruleContents'] = [];
  let bytes = 0;
  for (const [path, hash] of Object.entries(manifest.files)) {
    const size = manifest.sizes.get(hash);
    if (size === null || size === undefined) throw new DigestSourceError(`The content of "${path}" (${hash}) was never uploaded.`);
    bytes += size;
    if (isRuleFile(path)) {
      const blob = await store.get(siteBlobKey(hash));
      if (!blob) throw new DigestSourceError(`The content of "${path}" is no longer stored; deploy again.`);
      ruleFiles[path === RULE_FILES.redirects ? 'redirects' : 'headers'] = (await buffer(blob.body)).toString('utf8');
      ruleContents.push({ hash, size });
      continue;
    }
    entries.push({ path, hash, size, contentType: contentTypeFor(path) });
  }
  if (bytes > DEFAULT_ARCHIVE_LIMITS.maxTotalBytes) {
    throw new DigestSourceError(`The site's files total ${bytes} bytes, more than the ${DEFAULT_ARCHIVE_LIMITS.maxTotalBytes}-byte limit of a deployment.`);
  }
  return { entries, ruleFiles, ruleContents, bytes };
}

export class DigestSourceError extends Error {
  override readonly name = 'DigestSourceError';
}
