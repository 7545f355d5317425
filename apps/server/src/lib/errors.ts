import { ERRORS, type ErrorCode, errorMessage } from '@rebound/contract/errors';

/** The one error type services throw; the error handler maps it to status and the catalogue's message. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly details: { path: string; message: string }[] | undefined;

  constructor(
    code: ErrorCode,
    opts: {
      params?: Record<string, string>;
      details?: { path: string; message: string }[];
      message?: string;
    } = {},
  ) {
    super(opts.message ?? errorMessage(code, opts.params));
    this.code = code;
    this.status = ERRORS[code].status;
    this.details = opts.details;
  }
}
