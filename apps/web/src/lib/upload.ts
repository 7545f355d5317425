import type { ErrorBody } from '@rebound/contract/common';
import { ApiError } from './api-client';

/**
 * POSTs a multipart form with upload progress (0-1) and resolves with the JSON answer. fetch has no
 * upload progress, so this is XHR; a refusal carries the server's own code and message like every
 * other call, and a lost connection the same words as the API client.
 */
export function uploadWithProgress<T>(
  url: string,
  form: FormData,
  onProgress: (fraction: number) => void,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(e.loaded / e.total);
    };
    xhr.onload = () => {
      let body: unknown;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        body = undefined;
      }
      if (xhr.status >= 200 && xhr.status < 300 && body) return resolve(body as T);
      const error = (body as ErrorBody | undefined)?.error;
      reject(
        new ApiError(
          xhr.status,
          error?.code ?? 'http_error',
          error?.message ?? 'The upload failed. Please try again.',
        ),
      );
    };
    xhr.onerror = () =>
      reject(new ApiError(0, 'network', 'We could not reach Rebound. Check your connection and try again.'));
    xhr.send(form);
  });
}
