/**
 * A real S3-protocol server for tests: s3rver (the S3 HTTP API over a folder) on 127.0.0.1, with one bucket.
 * The app's s3 driver talks to it through the AWS SDK exactly as it would to AWS, R2 or MinIO.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
// @ts-expect-error s3rver ships no types
import S3rver from 's3rver';
import type { S3Options } from '../modules/media/media.store';

export interface TestS3 {
  endpoint: string;
  bucket: string;
  /** Environment for an app process using this server. */
  env: Record<string, string>;
  options: S3Options;
  close: () => Promise<void>;
}

export async function startTestS3(bucket = 'sahifa-media'): Promise<TestS3> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'sahifa-s3-'));
  const server = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = (await server.run()) as { port: number };
  const endpoint = `http://127.0.0.1:${port}`;
  // s3rver accepts these fixed keys (and signs with them), like a local MinIO's.
  const keys = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
  return {
    endpoint,
    bucket,
    env: {
      MEDIA_STORAGE: 's3',
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: keys.accessKeyId,
      S3_SECRET_ACCESS_KEY: keys.secretAccessKey,
    },
    options: { bucket, region: 'us-east-1', endpoint, forcePathStyle: true, prefix: '', ...keys },
    close: async () => {
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
