import type { PermissionArea } from '@headland/domain/permissions';
import type { AccessLevel } from '@headland/domain/roles';
import { isOwnRefusalCode, type OwnRefusalCode, type RefusalParams } from '@headland/domain/api/refusalCodes';
import { refusalCodeWords } from '@headland/domain/api/refusalWords';
import { refusalTextLookup } from './refusalTexts.ts';

/**
 * One field at fault in a request, in the shape the client's error box reads. An entry without `Message`
 * repeats the refusal it belongs to: the error handler gives it the refusal's code, parameters and words.
 */
export interface FieldError {
  Field: string;
  Message?: string;
  /** What is wrong as a code a client may put in its own words (see domain/src/api/refusalCodes.ts). */
  Code?: string;
  Params?: RefusalParams;
}

/** A code of the catalogue (domain/src/api/refusalCodes.ts): own, a request issue's, a family's or a document's. */
export type RefusalCode = OwnRefusalCode | (string & {});

/** The English words of an own refusal code, as the English translation file says them. */
export function englishRefusal(code: RefusalCode, params: RefusalParams = {}): string {
  return refusalCodeWords({ Code: code, Params: params }, refusalTextLookup(), 'en-GB') ?? code;
}

/**
 * An error that becomes an HTTP answer with a known status, a refusal code of the catalogue and its
 * parameters. `message` is its English words (for logs and English callers); the error handler says the code
 * in the caller's language.
 */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: RefusalCode,
    readonly params: RefusalParams = {},
    readonly body: Record<string, unknown> = {},
    /** Headers the answer carries, such as `X-Omnia-Retry: No` where retrying cannot succeed. */
    readonly headers: Record<string, string> = {},
    /** English words given by the thrower (a rule set's own English), else the code's English words. */
    message?: string,
  ) {
    super(message ?? englishRefusal(code, params));
  }
}

export const badRequest = (code: OwnRefusalCode, params: RefusalParams = {}, errors: FieldError[] = []) =>
  new HttpError(400, code, params, errors.length ? { Errors: errors } : {});

/**
 * A 400 carrying validation messages, the first of which the client shows: the refusal carries the first
 * entry's code and parameters (with `family`'s prefix for a rule set's own codes) and its words.
 */
export const validationFailed = (errors: FieldError[], family?: string) => {
  const first = errors[0];
  if (!first?.Code) return new HttpError(400, 'invalidRequest', {}, { Errors: errors }, {}, first?.Message);
  const code = family && !isOwnRefusalCode(first.Code) ? `${family}.${first.Code}` : first.Code;
  return new HttpError(400, code, first.Params ?? {}, { Errors: errors }, {}, first.Message);
};

export const unauthorized = (code: 'sessionEnded' | 'notSignedIn' = 'sessionEnded') =>
  new HttpError(401, code, {}, { AuthError: true });

export const forbidden = (code: OwnRefusalCode, params: RefusalParams = {}) =>
  new HttpError(403, code, params);

/** The 403 refusing `access` on `area`, naming the area in the caller's words. */
export function areaForbidden(area: PermissionArea, access: AccessLevel): HttpError {
  if (area === 'exports' || area === 'reports') return forbidden('areaNoAccess', { area });
  if (area === 'currentHolding') return forbidden(access === 'read' ? 'holdingNoView' : 'holdingNoChange');
  return forbidden(access === 'read' ? 'areaNoView' : 'areaNoChange', { area });
}

export const notFound = (code: OwnRefusalCode = 'notFound', params: RefusalParams = {}) =>
  new HttpError(404, code, params);

export const conflict = (code: OwnRefusalCode, resources: string[] = [], params: RefusalParams = {}) =>
  new HttpError(409, code, params, { Resources: resources });

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
    'staleWrite',
    {},
    { Resources: [resource], ChangedBy: changedBy },
    { 'X-Omnia-Retry': 'No' },
  );

export const tooManyRequests = (code: OwnRefusalCode, params: RefusalParams, retryAfterSeconds: number) =>
  new HttpError(429, code, params, { RetryAfter: retryAfterSeconds });
