const PEM_BLOCK = /-----BEGIN ([A-Z0-9 ]+)-----[\s\S]+?-----END \1-----/g;

/** Every PEM block of the given label, in order, each ending in a newline. */
export function pemBlocks(pem: string, label = 'CERTIFICATE'): string[] {
  const blocks: string[] = [];
  for (const match of pem.matchAll(PEM_BLOCK)) {
    if (match[1] === label) blocks.push(`${match[0]}\n`);
  }
  return blocks;
}

/** The first certificate of a chain: the leaf, by the convention every issuer here follows. */
export function firstCertificatePem(pem: string): string {
  const first = pemBlocks(pem)[0];
  if (!first) throw new Error('no PEM certificate found');
  return first;
}
