import { ERRORS, type ErrorCode } from '@rebound/contract/errors';
import { RETURN_ERRORS, type ReturnErrorCode } from '@rebound/contract/returns-errors';

/** Every catalogue the server answers from: errors.ts, and the areas kept in their own tables. */
const CATALOGUE: Record<ErrorCode | ReturnErrorCode, { status: number; message: string }> = {
  ...ERRORS,
  ...RETURN_ERRORS,
};

/** Fills `{name}` placeholders of a catalogue message. */
function messageOf(code: ErrorCode | ReturnErrorCode, params: Record<string, string> = {}): string {
  return CATALOGUE[code].message.replace(/\{(\w+)\}/g, (whole, key: string) => params[key] ?? whole);
}

/** The one error type services throw; the error handler maps it to status and the catalogue's message. */
export class AppError extends Error {
  readonly code: ErrorCode | ReturnErrorCode;
  readonly status: number;
  readonly details: { path: string; message: string }[] | undefined;

  constructor(
    code: ErrorCode | ReturnErrorCode,
    opts: {
      params?: Record<string, string>;
      details?: { path: string; message: string }[];
      message?: string;
    } = {},
  ) {
    super(opts.message ?? messageOf(code, opts.params));
    this.code = code;
    this.status = CATALOGUE[code].status;
    this.details = opts.details;
  }
}
