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

async function readAnswer<T>(response: Response): Promise<T> {
  const body: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    if (isErrorBody(body)) throw new ApiError(response.status, body.error.code, body.error.message);
    throw new ApiError(response.status, 'http_error', FALLBACK_MESSAGE);
  }
  if (body === undefined) throw new ApiError(response.status, 'bad_response', FALLBACK_MESSAGE);
  return body as T;
}

async function request(path: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(path, { ...init, credentials: 'same-origin' });
  } catch (cause) {
    if (init.signal?.aborted) throw cause;
    throw new ApiError(0, 'network', NETWORK_MESSAGE);
  }
}

/** GET a JSON endpoint. Throws ApiError with the server's message on any non-2xx answer. */
export async function getJson<T>(path: string, signal?: AbortSignal): Promise<T> {
  const response = await request(path, { headers: { Accept: 'application/json' }, signal });
  return readAnswer<T>(response);
}

/**
 * POST / PATCH / DELETE a JSON body (or none). The server accepts JSON only, so a call without a
 * body sends no Content-Type rather than an empty JSON document. Throws ApiError like getJson.
 */
export async function sendJson<T>(
  method: 'POST' | 'PATCH' | 'PUT' | 'DELETE',
  path: string,
  body?: unknown,
  extraHeaders: Record<string, string> = {},
): Promise<T> {
  const headers: Record<string, string> = { ...extraHeaders, Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const response = await request(path, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return readAnswer<T>(response);
}

/** The message to show a person for any thrown value. */
export function errorMessageOf(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  return FALLBACK_MESSAGE;
}

export function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
}
