/** Where a site file's content lives in blob storage: by its SHA-256, so equal files are stored once. */
export function siteBlobKey(hash: string): string {
  return `sites/blobs/${hash.slice(0, 2)}/${hash}`;
}

/** Where every uploaded archive lives (what the orphan sweep lists). */
export const UPLOADED_ARCHIVES_PREFIX = 'deployments/uploads/';

/** An archive uploaded with a deploy request, kept until its build ends. */
export function uploadedArchiveKey(deploymentId: string): string {
  return `${UPLOADED_ARCHIVES_PREFIX}${deploymentId}`;
}
