import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipartBody } from '../../test/multipart';
import { errorHandler } from './error-handler';
import { AppError } from './errors';
import { type PhotoUploadLimits, readPhotoUpload, registerPhotoUpload } from './photo-upload';

// The one multipart reader of the photo uploads (the catalogue's images, a return's photos): its
// refusals, on a small app of its own with small limits.

const LIMITS: PhotoUploadLimits = {
  maxFileBytes: 1024 * 1024,
  maxFiles: 2,
  maxFields: 2,
  tooManyFiles: () => new AppError('too_many_files', { params: { limit: '2' } }),
};

const app = Fastify({ logger: false });
app.setErrorHandler(errorHandler);

beforeAll(async () => {
  await app.register(async (scope) => {
    await registerPhotoUpload(scope, LIMITS);
    scope.post('/upload', async (request) => {
      const files = await readPhotoUpload(request, LIMITS);
      return { files: files.map((f) => ({ name: f.name, size: f.bytes.length })) };
    });
  });
  await app.ready();
});
afterAll(() => app.close());

const photos = (files: { name: string; type: string; bytes: Buffer }[], fields: [string, string][] = []) =>
  multipartBody(
    files.map((f) => ({ field: 'photos', ...f })),
    fields,
  );

const post = (body: ReturnType<typeof multipartBody>) =>
  app.inject({
    method: 'POST',
    url: '/upload',
    headers: { 'content-type': body.contentType },
    payload: body.payload,
  });

describe('readPhotoUpload', () => {
  it('reads the files within the limits (other fields are skipped)', async () => {
    const res = await post(
      photos(
        [
          { name: 'a.jpg', type: 'image/jpeg', bytes: Buffer.alloc(1024 * 1024, 1) },
          { name: 'b.png', type: 'image/png', bytes: Buffer.alloc(10, 2) },
        ],
        [['note', 'hello']],
      ),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      files: [
        { name: 'a.jpg', size: 1024 * 1024 },
        { name: 'b.png', size: 10 },
      ],
    });
  });

  it('refuses a file over the size limit with its name and the limit', async () => {
    const res = await post(
      photos([{ name: 'huge.jpg', type: 'image/jpeg', bytes: Buffer.alloc(1024 * 1024 + 1, 1) }]),
    );
    expect(res.statusCode).toBe(413);
    expect(res.json().error).toEqual({
      code: 'image_too_large',
      message: 'huge.jpg is larger than 1 MB. Please upload a smaller photo.',
    });
  });

  it('refuses more files than the limit with the caller’s error', async () => {
    const three = [1, 2, 3].map((i) => ({ name: `${i}.jpg`, type: 'image/jpeg', bytes: Buffer.alloc(8, i) }));
    const res = await post(photos(three));
    expect(res.statusCode).toBe(413);
    expect(res.json().error).toEqual({
      code: 'too_many_files',
      message: 'Please upload at most 2 images at a time.',
    });
  });

  it('refuses an empty file as not an image, naming it', async () => {
    const res = await post(photos([{ name: 'empty.png', type: 'image/png', bytes: Buffer.alloc(0) }]));
    expect(res.statusCode).toBe(422);
    expect(res.json().error.code).toBe('not_an_image');
    expect(res.json().error.message).toMatch(/^empty\.png is not an image we can read/);
  });

  it('refuses a body that is not multipart, and a malformed one, with a 4xx', async () => {
    const json = await app.inject({ method: 'POST', url: '/upload', payload: { photos: [] } });
    expect(json.statusCode).toBe(415);
    expect(json.json().error.code).toBe('image_upload_not_multipart');

    const malformed = await app.inject({
      method: 'POST',
      url: '/upload',
      headers: { 'content-type': 'multipart/form-data; boundary=xyz' },
      payload: '--xyz\r\nContent-Disposition: form-data; name="photos"; filename="a.png"\r\n\r\nabc',
    });
    expect(malformed.statusCode).toBeGreaterThanOrEqual(400);
    expect(malformed.statusCode).toBeLessThan(500);
  });
});
