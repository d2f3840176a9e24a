/** Where a site file's content lives in blob storage: by its SHA-256, so equal files are stored once. */
export function siteBlobKey(hash: string): string {
  return `sites/blobs/${hash.slice(0, 2)}/${hash}`;
}
