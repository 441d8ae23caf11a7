import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AwsClient } from 'aws4fetch';
import S3rver from 's3rver';
import { afterAll } from 'vitest';
import { documentsApiSuite } from './documentsApiSuite.ts';

// The same tests with the library in an S3-compatible bucket: s3rver, on loopback, started here.
const dir = mkdtempSync(join(tmpdir(), 'headland-s3rver-'));
const bucket = 'headland-documents';
const server = new S3rver({
  address: '127.0.0.1',
  port: 0,
  silent: true,
  directory: dir,
  configureBuckets: [{ name: bucket, configs: [] }],
});
let endpoint = '';

afterAll(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

documentsApiSuite({
  storeConfig: async () => {
    const { port } = (await server.run()) as { port: number };
    endpoint = `http://127.0.0.1:${port}`;
    return { filesS3Url: `${endpoint.replace('://', '://S3RVER:S3RVER@')}/${bucket}?region=us-east-1` };
  },
  storedFileCount: async () => {
    const client = new AwsClient({
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      service: 's3',
      region: 'us-east-1',
    });
    const response = await client.fetch(`${endpoint}/${bucket}?list-type=2&max-keys=1000`);
    const text = await response.text();
    return (text.match(/<Key>/g) ?? []).length;
  },
});
