import { type ErrorCode, type FieldError, errorHttpStatus } from '@siam/contract/errors';

/**
 * The one error type services throw. The root error handler turns it into
 * `{status: false, code, msg, errors?}` with the code's HTTP status.
 */
export class AppError extends Error {
  readonly statusCode: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly errors?: FieldError[],
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'AppError';
    this.statusCode = errorHttpStatus[code];
  }
}

export const notFound = (what = 'Requested data') => new AppError('NOT_FOUND', `${what} not found`);

/**
 * The process has no room for this request now (a queue is full): answered as the load shedder
 * answers, 503 with Retry-After and the busy words in the visitor's language (plugins/error-handler.ts).
 */
export class ServerBusy extends Error {
  constructor(what: string) {
    super(`${what} is busy`);
    this.name = 'ServerBusy';
  }
}
