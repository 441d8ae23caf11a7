/** One field at fault in a request, in the shape the client's error box reads. */
export interface FieldError {
  Field: string;
  Message: string;
  /** What is wrong as a code a client may put in its own words (see domain/src/api/requestIssues.ts). */
  Code?: string;
  Params?: Record<string, string | number | boolean>;
}

/** An error that becomes an HTTP answer with a known status and a message fit for a user. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly body: Record<string, unknown> = {},
    /** Headers the answer carries, such as `X-Omnia-Retry: No` where retrying cannot succeed. */
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

export const badRequest = (message: string, errors: FieldError[] = []) =>
  new HttpError(400, message, errors.length ? { Errors: errors } : {});

/** A 400 carrying validation messages, the first of which the client shows. */
export const validationFailed = (errors: FieldError[]) =>
  new HttpError(400, errors[0]?.Message ?? 'The request is invalid.', { Errors: errors });

export const unauthorized = (message = 'Your session has ended. Please sign in again.') =>
  new HttpError(401, message, { AuthError: true });

export const forbidden = (message: string) => new HttpError(403, message);

export const notFound = (message = 'Not found.') => new HttpError(404, message);

export const conflict = (message: string, resources: string[] = []) =>
  new HttpError(409, message, { Resources: resources });

/**
 * A write based on a version of `resource` that another user has since changed: 409 with `Resources`, which
 * the client shows as the conflict dialog, and `ChangedBy`, who made the change (null when unknown). Retrying
 * the same write cannot succeed, so it says not to.
 */
export const staleWrite = (
  resource: string,
  changedBy: { UserId: number; Name: string; Self: boolean } | null = null,
) =>
  new HttpError(
    409,
    'Another user has changed this since you opened it. Refresh to see their changes before you save yours.',
    { Resources: [resource], ChangedBy: changedBy },
    { 'X-Omnia-Retry': 'No' },
  );

export const tooManyRequests = (message: string, retryAfterSeconds: number) =>
  new HttpError(429, message, { RetryAfter: retryAfterSeconds });
