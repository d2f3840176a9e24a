import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import type { S3StoreOptions } from '../../src/storage/s3-store';

export interface RunningS3rver {
  endpoint: string;
  /** Store options for `bucket` on this server (bucket not created). */
  optionsFor(bucket: string): S3StoreOptions;
  stop(): Promise<void>;
}

/** Starts a real s3rver on 127.0.0.1 with an OS-assigned port and a temp directory. */
export async function startS3rver(): Promise<RunningS3rver> {
  const directory = await mkdtemp(path.join(tmpdir(), 'kiln-s3rver-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, directory, silent: true });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    optionsFor: (bucket) => ({
      bucket,
      endpoint,
      region: 'us-east-1',
      // s3rver's fixed development credentials.
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      forcePathStyle: true,
    }),
    async stop() {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
