import { mkdtempSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
// @ts-expect-error s3rver ships no types; its API is small: new S3rver(options).run() / .close().
import S3rver from 's3rver';

export interface S3StandIn {
  /** Settings that point the app at this bucket. */
  settings: Record<string, string>;
  close(): Promise<void>;
}

/**
 * An S3-protocol server on a free local port (s3rver), with one empty bucket. It
 * checks request signatures like S3 does (keys S3RVER/S3RVER), so the app talks
 * to it exactly as to AWS S3, R2 or MinIO.
 */
export async function startS3StandIn(bucket = 'siam-test'): Promise<S3StandIn> {
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: mkdtempSync(path.join(os.tmpdir(), 'siam-s3-')),
    configureBuckets: [{ name: bucket }],
    allowMismatchedSignatures: false,
  });
  const address = (await server.run()) as AddressInfo;
  return {
    settings: {
      S3_BUCKET: bucket,
      S3_ENDPOINT: `http://127.0.0.1:${address.port}`,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
    },
    close: () => server.close(),
  };
}
