import type { ErrorBody } from '@rebound/contract/common';

/** An API failure carrying the server's user-facing message (contract `ErrorBody`). */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;

  constructor(status: number, code: string, message: string) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
  }
}

const FALLBACK_MESSAGE = 'Something went wrong. Please try again.';
const NETWORK_MESSAGE = 'We could not reach Rebound. Check your connection and try again.';

function isErrorBody(value: unknown): value is ErrorBody {
  if (typeof value !== 'object' || value === null || !('error' in value)) return false;
  const error = (value as { error: unknown }).error;
  return (
    typeof error === 'object' &&
    error !== null &&
    typeof (error as { message?: unknown }).message === 'string' &&
    typeof (error as { code?: unknown }).code === 'string'
  );
}

/** GET a JSON endpoint. Throws ApiError with the server's message on any non-2xx answer. */
export async function getJson<T>(path: string, signal?: AbortSignal): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, {
      headers: { Accept: 'application/json' },
      credentials: 'same-origin',
      signal,
    });
  } catch (cause) {
    if (signal?.aborted) throw cause;
    throw new ApiError(0, 'network', NETWORK_MESSAGE);
  }
  const body: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    if (isErrorBody(body)) throw new ApiError(response.status, body.error.code, body.error.message);
    throw new ApiError(response.status, 'http_error', FALLBACK_MESSAGE);
  }
  if (body === undefined) throw new ApiError(response.status, 'bad_response', FALLBACK_MESSAGE);
  return body as T;
}

/** The message to show a person for any thrown value. */
export function errorMessageOf(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  return FALLBACK_MESSAGE;
}

export function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
}
