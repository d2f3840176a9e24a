import { Readable } from 'node:stream';
import {
  CreateBucketCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
  type BucketLocationConstraint,
} from '@aws-sdk/client-s3';
import { assertValidBlobKey } from './blob-key';
import type { BlobObject, BlobStore } from './blob-store';

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

const DEFAULT_REGION = 'us-east-1';

function createS3Client(opts: S3StoreOptions): S3Client {
  const { endpoint, region, accessKeyId, secretAccessKey, forcePathStyle } = opts;
  if ((accessKeyId === undefined) !== (secretAccessKey === undefined)) {
    throw new Error('S3 store: set both accessKeyId and secretAccessKey, or neither');
  }
  return new S3Client({
    region: region ?? DEFAULT_REGION,
    ...(endpoint !== undefined ? { endpoint } : {}),
    ...(forcePathStyle !== undefined ? { forcePathStyle } : {}),
    ...(accessKeyId !== undefined && secretAccessKey !== undefined
      ? { credentials: { accessKeyId, secretAccessKey } }
      : {}),
    // The SDK's default CRC32 request/response checksums are not implemented
    // by every S3-compatible service; AWS itself keeps the stronger default.
    ...(endpoint !== undefined
      ? { requestChecksumCalculation: 'WHEN_REQUIRED', responseChecksumValidation: 'WHEN_REQUIRED' }
      : {}),
  });
}

export function createS3Store(opts: S3StoreOptions): BlobStore {
  const client = createS3Client(opts);
  const Bucket = opts.bucket;

  return {
    driver: 's3',

    async put(key, body, contentType) {
      assertValidBlobKey(key);
      await client.send(
        new PutObjectCommand({
          Bucket,
          Key: key,
          Body: body,
          ContentType: contentType,
          ContentLength: body.length,
        }),
      );
    },

    async get(key): Promise<BlobObject | null> {
      assertValidBlobKey(key);
      try {
        const res = await client.send(new GetObjectCommand({ Bucket, Key: key }));
        if (!(res.Body instanceof Readable)) {
          throw new Error('S3 store: expected a Node.js stream body (is this running on Node?)');
        }
        if (res.ContentLength === undefined) {
          res.Body.destroy();
          throw new Error(`S3 store: no Content-Length for ${key}`);
        }
        return {
          body: res.Body,
          size: res.ContentLength,
          contentType: res.ContentType ?? 'application/octet-stream',
          ...(res.ETag !== undefined ? { etag: res.ETag } : {}),
        };
      } catch (err) {
        if (isMissingObject(err)) return null;
        throw err;
      }
    },

    async exists(key) {
      assertValidBlobKey(key);
      try {
        await client.send(new HeadObjectCommand({ Bucket, Key: key }));
        return true;
      } catch (err) {
        if (isMissingObject(err)) return false;
        throw err;
      }
    },

    async delete(key) {
      assertValidBlobKey(key);
      // S3 DeleteObject already succeeds for absent keys.
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },
  };
}

/** Creates the bucket when it does not exist. Meant for development and tests. */
export async function ensureBucket(opts: S3StoreOptions): Promise<void> {
  const client = createS3Client(opts);
  try {
    try {
      await client.send(new HeadBucketCommand({ Bucket: opts.bucket }));
      return;
    } catch (err) {
      if (statusOf(err) !== 404) throw err;
    }
    const region = opts.region ?? DEFAULT_REGION;
    try {
      await client.send(
        new CreateBucketCommand({
          Bucket: opts.bucket,
          // AWS rejects an explicit us-east-1 constraint but requires one elsewhere.
          ...(region !== DEFAULT_REGION
            ? {
                CreateBucketConfiguration: {
                  LocationConstraint: region as BucketLocationConstraint,
                },
              }
            : {}),
        }),
      );
    } catch (err) {
      // Another process created it between our HEAD and CREATE.
      if (err instanceof S3ServiceException && err.name === 'BucketAlreadyOwnedByYou') return;
      throw err;
    }
  } finally {
    client.destroy();
  }
}

function statusOf(err: unknown): number | undefined {
  return err instanceof S3ServiceException ? err.$metadata.httpStatusCode : undefined;
}

// A missing bucket also answers 404 on GET, but that is misconfiguration and
// must surface as an error rather than look like an absent object. HEAD
// responses carry no error body, so there the two cannot be told apart.
function isMissingObject(err: unknown): boolean {
  if (!(err instanceof S3ServiceException)) return false;
  if (err.name === 'NoSuchBucket') return false;
  return err.name === 'NoSuchKey' || err.name === 'NotFound' || statusOf(err) === 404;
}
