import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3Server } from '../../../test/s3-server';
import { S3_CACHE_CONTROL, s3Storage } from './s3';
import type { MediaStorage } from './types';

// Against a real S3-protocol server (s3rver) on loopback: what the adapter sends is what S3 gets.
describe('S3 media storage', () => {
  let s3: Awaited<ReturnType<typeof startS3Server>>;
  let storage: MediaStorage;
  beforeAll(async () => {
    s3 = await startS3Server();
    storage = s3Storage(s3.options);
  });
  afterAll(async () => {
    await s3?.close();
  });

  it('puts, reads back, overwrites and deletes an object', async () => {
    const key = 'products/p1/i1/640.webp';
    await storage.put(key, new Uint8Array([1, 2, 3]), 'image/webp');
    expect(Array.from((await storage.get(key)) ?? [])).toEqual([1, 2, 3]);

    await storage.put(key, new Uint8Array([9, 8]), 'image/webp');
    expect(Array.from((await storage.get(key)) ?? [])).toEqual([9, 8]);

    await storage.delete(key);
    expect(await storage.get(key)).toBeNull();
    // Deleting what is not there is fine.
    await storage.delete(key);
  });

  it('answers null for a key never written', async () => {
    expect(await storage.get('products/none/none/640.webp')).toBeNull();
  });

  it('serves the object at its public URL with its type and a long immutable cache', async () => {
    const key = 'products/p2/i2/1280.jpg';
    await storage.put(key, new Uint8Array([0xff, 0xd8, 0xff, 0xd9]), 'image/jpeg');
    const url = storage.url(key);
    expect(url).toBe(`${s3.endpoint}/rebound-media/${key}`);
    const res = await fetch(url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/jpeg');
    expect(res.headers.get('cache-control')).toBe(S3_CACHE_CONTROL);
    expect(Array.from(new Uint8Array(await res.arrayBuffer()))).toEqual([0xff, 0xd8, 0xff, 0xd9]);
  });

  it('refuses a key that could leave its folder, before any request', async () => {
    await expect(storage.put('../x', new Uint8Array([1]), 'image/png')).rejects.toThrow(
      /invalid storage key/,
    );
    expect(() => storage.url('a//b')).toThrow(/invalid storage key/);
  });

  it('reports a bucket it cannot reach instead of answering null', async () => {
    const wrong = s3Storage({ ...s3.options, bucket: 'no-such-bucket' });
    await expect(wrong.get('products/x.webp')).rejects.toThrow();
  });
});
