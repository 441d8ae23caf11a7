export interface LoginThrottleOptions {
  /** Failed sign-ins allowed per e-mail address within the window before further attempts are refused. */
  maxFailuresPerEmail: number;
  /** The same per client address; higher, because several people may sign in from one office. */
  maxFailuresPerIp: number;
  windowMs: number;
  now: () => number;
}

export const defaultLoginThrottleOptions: LoginThrottleOptions = {
  maxFailuresPerEmail: 5,
  maxFailuresPerIp: 20,
  windowMs: 15 * 60 * 1000,
  now: Date.now,
};

// Bounds memory under a flood of distinct addresses; dropping every record then only forgets old failures.
const maxKeys = 100_000;

export type ThrottleVerdict = { blocked: false } | { blocked: true; retryAfterSeconds: number };

export type LoginThrottle = ReturnType<typeof createLoginThrottle>;

/**
 * Counts failed sign-ins per e-mail address and per client address over a sliding window. State lives in
 * the returned object, one per app instance; several instances behind a balancer each count their own.
 */
export function createLoginThrottle(options: Partial<LoginThrottleOptions> = {}) {
  const { maxFailuresPerEmail, maxFailuresPerIp, windowMs, now } = {
    ...defaultLoginThrottleOptions,
    ...options,
  };
  const failures = new Map<string, number[]>();

  const recent = (key: string, at: number): number[] => {
    const times = (failures.get(key) ?? []).filter((time) => time > at - windowMs);
    if (times.length) failures.set(key, times);
    else failures.delete(key);
    return times;
  };

  // Seconds until the count falls below the limit, or 0 when it already is.
  const waitFor = (key: string, limit: number, at: number): number => {
    const times = recent(key, at);
    if (times.length < limit) return 0;
    const freeing = times[times.length - limit]!;
    return Math.max(1, Math.ceil((freeing + windowMs - at) / 1000));
  };

  const keys = (email: string, ip: string) => ({
    email: `email:${email.trim().toLowerCase()}`,
    ip: `ip:${ip}`,
  });

  return {
    check(email: string, ip: string): ThrottleVerdict {
      const at = now();
      const key = keys(email, ip);
      const wait = Math.max(
        waitFor(key.email, maxFailuresPerEmail, at),
        waitFor(key.ip, maxFailuresPerIp, at),
      );
      return wait > 0 ? { blocked: true, retryAfterSeconds: wait } : { blocked: false };
    },
    recordFailure(email: string, ip: string): void {
      const at = now();
      if (failures.size >= maxKeys) failures.clear();
      for (const key of Object.values(keys(email, ip))) failures.set(key, [...recent(key, at), at]);
    },
    /** A correct password clears the address's failures; the client address keeps its count. */
    recordSuccess(email: string): void {
      failures.delete(keys(email, '').email);
    },
  };
}

/** "Please wait 12 minutes", in whole minutes, or seconds under a minute. */
export function waitDescription(seconds: number): string {
  if (seconds < 60) return seconds === 1 ? '1 second' : `${seconds} seconds`;
  const minutes = Math.ceil(seconds / 60);
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
}
