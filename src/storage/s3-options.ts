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

/** The store options the settings name, or undefined when no bucket is set (the local driver). */
export function s3OptionsOf(config: {
  S3_BUCKET?: string;
  S3_ENDPOINT?: string;
  S3_REGION?: string;
  S3_ACCESS_KEY_ID?: string;
  S3_SECRET_ACCESS_KEY?: string;
  S3_FORCE_PATH_STYLE?: boolean;
}): S3StoreOptions | undefined {
  if (!config.S3_BUCKET) return undefined;
  return {
    bucket: config.S3_BUCKET,
    endpoint: config.S3_ENDPOINT,
    region: config.S3_REGION,
    accessKeyId: config.S3_ACCESS_KEY_ID,
    secretAccessKey: config.S3_SECRET_ACCESS_KEY,
    forcePathStyle: config.S3_FORCE_PATH_STYLE,
  };
}
