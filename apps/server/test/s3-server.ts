import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import type { S3StorageOptions } from '../src/adapters/storage/s3';

/**
 * A real S3-protocol server for a test (s3rver: the S3 REST API over a temporary folder), on a free
 * loopback port, with one bucket made. Its objects answer anonymous GETs at `<endpoint>/<bucket>/<key>`,
 * like a public bucket, so `publicUrl` is that address.
 */
export async function startS3Server(bucket = 'rebound-media') {
  const directory = await mkdtemp(path.join(tmpdir(), 'rebound-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  const { port } = (await server.run()) as AddressInfo;
  const endpoint = `http://127.0.0.1:${port}`;
  const options: S3StorageOptions = {
    bucket,
    region: 'us-east-1',
    endpoint,
    forcePathStyle: true,
    // s3rver's fixed pair.
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    publicUrl: `${endpoint}/${bucket}/`,
  };
  return {
    endpoint,
    options,
    /** The environment that points a server at this bucket. */
    env: {
      MEDIA_STORAGE: 's3',
      S3_BUCKET: bucket,
      S3_REGION: 'us-east-1',
      S3_ENDPOINT: endpoint,
      S3_FORCE_PATH_STYLE: 'true',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      MEDIA_PUBLIC_URL: options.publicUrl,
    },
    async close() {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
