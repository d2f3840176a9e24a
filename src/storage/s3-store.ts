import { open } from 'node:fs/promises';
import { Readable } from 'node:stream';
import {
  CreateBucketCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
  type BucketLocationConstraint,
} from '@aws-sdk/client-s3';
import { assertValidBlobKey, assertValidPrefix } from './blob-key';
import type { BlobInfo, BlobObject, BlobStore, ByteRange } from './blob-store';
import { assertByteRange, clampByteRange, InvalidByteRangeError } from './byte-range';
import { assertS3Credentials, type S3StoreOptions } from './s3-options';

export type { S3StoreOptions };

const DEFAULT_REGION = 'us-east-1';

function createS3Client(opts: S3StoreOptions): S3Client {
  const { endpoint, region, accessKeyId, secretAccessKey, forcePathStyle } = opts;
  assertS3Credentials(opts);
  return new S3Client({
    region: region ?? DEFAULT_REGION,
    ...(endpoint !== undefined ? { endpoint } : {}),
    ...(forcePathStyle !== undefined ? { forcePathStyle } : {}),
    ...(accessKeyId !== undefined && secretAccessKey !== undefined ? { credentials: { accessKeyId, secretAccessKey } } : {}),
    // The SDK's default CRC32 request/response checksums are not implemented
    // by every S3-compatible service; AWS itself keeps the stronger default.
    ...(endpoint !== undefined ? { requestChecksumCalculation: 'WHEN_REQUIRED', responseChecksumValidation: 'WHEN_REQUIRED' } : {}),
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

    async putFile(key, filePath, contentType) {
      assertValidBlobKey(key);
      const handle = await open(filePath, 'r');
      // The stream owns the handle from here on; destroying it closes the file.
      const body = handle.createReadStream();
      try {
        // Stat the open handle rather than the path, so the length describes
        // exactly the file being streamed.
        const stats = await handle.stat();
        if (!stats.isFile()) throw new Error(`Blob source is not a regular file: ${filePath}`);
        // PutObject needs the length up front; given it, the SDK sends the
        // stream as it is read instead of having to measure it first.
        await client.send(
          new PutObjectCommand({
            Bucket,
            Key: key,
            Body: body,
            ContentType: contentType,
            ContentLength: stats.size,
          }),
        );
      } finally {
        body.destroy();
      }
    },

    async get(key, opts): Promise<BlobObject | null> {
      assertValidBlobKey(key);
      const range = opts?.range;
      if (range !== undefined) assertByteRange(range);
      try {
        const res = await client.send(
          new GetObjectCommand({
            Bucket,
            Key: key,
            ...(range !== undefined ? { Range: `bytes=${range.start}-${range.end}` } : {}),
          }),
        );
        if (!(res.Body instanceof Readable)) {
          throw new Error('S3 store: expected a Node.js stream body (is this running on Node?)');
        }
        let size: number;
        try {
          size = range === undefined ? contentLengthOf(res, key) : rangedSizeOf(res, range, key);
        } catch (err) {
          res.Body.destroy();
          throw err;
        }
        return {
          body: res.Body,
          size,
          contentType: res.ContentType ?? 'application/octet-stream',
          ...(res.ETag !== undefined ? { etag: res.ETag } : {}),
        };
      } catch (err) {
        if (isMissingObject(err)) return null;
        if (range !== undefined && isInvalidRange(err)) {
          throw new InvalidByteRangeError(range, 'starts past the end of the object');
        }
        throw err;
      }
    },

    async head(key): Promise<BlobInfo | null> {
      assertValidBlobKey(key);
      try {
        const res = await client.send(new HeadObjectCommand({ Bucket, Key: key }));
        return {
          size: contentLengthOf(res, key),
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

    async *list(prefix) {
      assertValidPrefix(prefix);
      let ContinuationToken: string | undefined;
      do {
        const res = await client.send(new ListObjectsV2Command({ Bucket, Prefix: prefix, ContinuationToken }));
        for (const o of res.Contents ?? []) {
          if (o.Key !== undefined) yield { key: o.Key, modifiedAt: o.LastModified ?? new Date(0) };
        }
        ContinuationToken = res.IsTruncated ? res.NextContinuationToken : undefined;
      } while (ContinuationToken);
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

function contentLengthOf(res: { ContentLength?: number }, key: string): number {
  if (res.ContentLength === undefined) throw new Error(`S3 store: no Content-Length for ${key}`);
  return res.ContentLength;
}

const CONTENT_RANGE = /^bytes (\d+)-(\d+)\/(\d+)$/;

/**
 * A ranged GET's Content-Length is that of the slice; the whole size is only
 * in Content-Range. The returned range is also checked against the one asked
 * for: a server that ignores or misreads Range (s3rver answers `bytes=0-0`
 * with the whole object) must fail loudly rather than pass off other bytes.
 */
function rangedSizeOf(res: { ContentRange?: string }, requested: ByteRange, key: string): number {
  const match = CONTENT_RANGE.exec(res.ContentRange ?? '');
  if (match === null) {
    throw new Error(`S3 store: no usable Content-Range for a ranged get of ${key}`);
  }
  const [start, end, size] = match.slice(1).map(Number) as [number, number, number];
  // Throws for an empty object, which AWS answers with 416 but s3rver with
  // `bytes 0-0/0`.
  const expected = clampByteRange(requested, size);
  if (start !== expected.start || end !== expected.end) {
    throw new Error(`S3 store: asked for bytes ${expected.start}-${expected.end} of ${key}, got ${start}-${end}`);
  }
  return size;
}

function isInvalidRange(err: unknown): boolean {
  return err instanceof S3ServiceException && err.name === 'InvalidRange';
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
