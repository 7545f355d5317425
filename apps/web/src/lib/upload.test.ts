import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { uploadWithProgress } from './upload';

// A stand-in XMLHttpRequest: records what the upload sent and lets each test answer it.
class FakeXhr {
  static last: FakeXhr;
  method = '';
  url = '';
  withCredentials = false;
  headers: Record<string, string> = {};
  body: unknown;
  status = 0;
  responseText = '';
  upload: { onprogress?: (e: { lengthComputable: boolean; loaded: number; total: number }) => void } = {};
  onload?: () => void;
  onerror?: () => void;
  constructor() {
    FakeXhr.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: unknown) {
    this.body = body;
  }
  answer(status: number, text: string) {
    this.status = status;
    this.responseText = text;
    this.onload?.();
  }
}

const realXhr = globalThis.XMLHttpRequest;
afterEach(() => {
  globalThis.XMLHttpRequest = realXhr;
});

function start(onProgress: (f: number) => void = () => {}) {
  globalThis.XMLHttpRequest = FakeXhr as unknown as typeof XMLHttpRequest;
  const form = new FormData();
  form.append('csv', new Blob(['sku,title']), 'm.csv');
  const done = uploadWithProgress<{ id: string }>('/api/admin/imports', form, onProgress);
  return { done, xhr: FakeXhr.last, form };
}

describe('uploadWithProgress', () => {
  it('posts the form with the session cookie, reports progress and resolves with the JSON answer', async () => {
    const seen: number[] = [];
    const { done, xhr, form } = start((f) => seen.push(f));
    expect([xhr.method, xhr.url, xhr.withCredentials, xhr.body]).toEqual([
      'POST',
      '/api/admin/imports',
      true,
      form,
    ]);
    expect(xhr.headers.Accept).toBe('application/json');
    xhr.upload.onprogress?.({ lengthComputable: true, loaded: 25, total: 100 });
    xhr.upload.onprogress?.({ lengthComputable: false, loaded: 0, total: 0 });
    xhr.upload.onprogress?.({ lengthComputable: true, loaded: 100, total: 100 });
    xhr.answer(201, '{"id":"imp-1"}');
    await expect(done).resolves.toEqual({ id: 'imp-1' });
    expect(seen).toEqual([0.25, 1]);
  });

  it("rejects with the server's own code and message", async () => {
    const { done, xhr } = start();
    xhr.answer(400, '{"error":{"code":"validation_failed","message":"The file must be a CSV."}}');
    const err = await done.catch((e) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect([err.status, err.code, err.message]).toEqual([
      400,
      'validation_failed',
      'The file must be a CSV.',
    ]);
  });

  it('a non-JSON failure and a lost connection get plain words', async () => {
    const a = start();
    a.xhr.answer(502, '<html>Bad gateway</html>');
    await expect(a.done).rejects.toMatchObject({
      status: 502,
      message: 'The upload failed. Please try again.',
    });
    const b = start();
    b.xhr.onerror?.();
    await expect(b.done).rejects.toMatchObject({ status: 0, code: 'network' });
  });
});
