/**
 * The one error type a service or handler throws on purpose. The HTTP error handler maps it to
 * `status` and the JSON body `{ code, message, details? }`.
 */
export class AppError extends Error {
  readonly code: string;
  readonly status: number;
  readonly details: unknown;
  /** Extra response headers, e.g. `Retry-After` for 429 RATE_LIMITED. */
  readonly headers: Record<string, string> | undefined;

  constructor(
    code: string,
    status: number,
    message: string,
    details?: unknown,
    headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'AppError';
    this.code = code;
    this.status = status;
    this.details = details;
    this.headers = headers;
  }
}

/** Whether `e` is an AppError (also across duplicated module instances). */
export function isAppError(e: unknown): e is AppError {
  return (
    e instanceof AppError ||
    (e instanceof Error &&
      e.name === 'AppError' &&
      typeof (e as AppError).code === 'string' &&
      typeof (e as AppError).status === 'number')
  );
}

/** 503 SERVER_BUSY with Retry-After: too much work waiting; the client tries again shortly. */
export function serverBusy(retryAfterSeconds = 2): AppError {
  return new AppError(
    'SERVER_BUSY',
    503,
    'The server is busy; please try again in a moment.',
    { retryAfter: retryAfterSeconds },
    { 'Retry-After': String(retryAfterSeconds) },
  );
}
