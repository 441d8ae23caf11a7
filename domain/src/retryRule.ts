import { httpMaxAttempts, httpRetryDelayCapMs, httpRetryStatuses } from './limits.ts';

/** Either a fetch `Headers` object or a plain header record as Node and Fastify give them. */
export type HeadersLike =
  { get(name: string): string | null } | Readonly<Record<string, string | readonly string[] | undefined>>;

/** The server sets this header to "No" when repeating the request could do harm. */
export const retryHeaderName = 'X-Omnia-Retry';

function headerValue(headers: HeadersLike, name: string): string | undefined {
  if (typeof headers.get === 'function') return headers.get(name) ?? undefined;
  const wanted = name.toLowerCase();
  for (const [key, value] of Object.entries(headers)) {
    if (key.toLowerCase() !== wanted || value === undefined) continue;
    return typeof value === 'string' ? value : value.join(',');
  }
  return undefined;
}

/** True when the response forbids a retry. The value is compared without regard to case or spaces. */
export function retryRefused(headers: HeadersLike): boolean {
  return headerValue(headers, retryHeaderName)?.trim().toLowerCase() === 'no';
}

/**
 * Whether to send a failed request again.
 * `attempt` is how many times the request has been sent so far (1 after the first failure); a request is
 * sent at most `httpMaxAttempts` times in all.
 */
export function shouldRetry(status: number, attempt: number, headers: HeadersLike): boolean {
  if (!httpRetryStatuses.includes(status)) return false;
  if (attempt >= httpMaxAttempts) return false;
  return !retryRefused(headers);
}

/** The wait before the next try: the attempt number in seconds, capped at one second. */
export function retryDelayMs(attempt: number): number {
  if (!(attempt > 0)) return 0;
  return Math.min(attempt * 1000, httpRetryDelayCapMs);
}
