export interface S3StoreOptions {
  bucket: string;
  /** Custom endpoint for S3-compatible services (MinIO, R2, s3rver…). */
  endpoint?: string;
  region?: string;
  /** When both keys are omitted the SDK's default credential chain is used. */
  accessKeyId?: string;
  secretAccessKey?: string;
  /** Needed for local servers that do not resolve `<bucket>.host` names. */
  forcePathStyle?: boolean;
}

export function assertS3Credentials({ accessKeyId, secretAccessKey }: S3StoreOptions): void {
  if ((accessKeyId === undefined) !== (secretAccessKey === undefined)) {
    throw new Error('S3 store: set both accessKeyId and secretAccessKey, or neither');
  }
}
