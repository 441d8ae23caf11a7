import type { AuthContext } from './authContext.ts';

// Short-lived so that role or permission edits made elsewhere show up quickly; every change made through
// this process (logout, membership removal, holding switch) also forgets the entries it affects at once.
const ttlMs = 5_000;
const maxEntries = 10_000;

interface Entry {
  auth: AuthContext;
  expires: number;
}

export type AuthCache = ReturnType<typeof createAuthCache>;

/** Caller contexts by token hash; one per app instance. */
export function createAuthCache() {
  const entries = new Map<string, Entry>();
  let lastSweep = Date.now();
  // Expired entries are dropped as the cache is used, so it holds about the tokens of the last few seconds
  // rather than filling up with every token ever seen (a tab that reselects its holding gets a new one).
  const sweep = (now: number) => {
    if (now - lastSweep < ttlMs) return;
    lastSweep = now;
    for (const [key, entry] of entries) if (entry.expires < now) entries.delete(key);
  };
  // Other servers keep their own caches: the live channel hears of every forget made here (live/liveChannel.ts).
  let onForget: (() => void) | null = null;
  return {
    get(tokenHash: string): AuthContext | undefined {
      const entry = entries.get(tokenHash);
      if (!entry) return undefined;
      if (entry.expires < Date.now()) {
        entries.delete(tokenHash);
        return undefined;
      }
      return entry.auth;
    },
    set(tokenHash: string, auth: AuthContext): void {
      const now = Date.now();
      sweep(now);
      if (entries.size >= maxEntries) entries.clear();
      entries.set(tokenHash, { auth, expires: now + ttlMs });
    },
    forgetToken(tokenHash: string): void {
      entries.delete(tokenHash);
      onForget?.();
    },
    /** Forgets every cached caller matching the test, e.g. all of one user, or all sessions on a holding. */
    forgetWhere(test: (auth: AuthContext) => boolean): void {
      for (const [key, entry] of entries) if (test(entry.auth)) entries.delete(key);
      onForget?.();
    },
    /** How many callers are kept (expired ones included until the next sweep). */
    get size(): number {
      return entries.size;
    },
    clear(): void {
      entries.clear();
      onForget?.();
    },
    /** Says whom to tell after each forget (one listener: the live channel). */
    setForgetListener(listener: (() => void) | null): void {
      onForget = listener;
    },
    /** Forgets everything because another server forgot something; not told on. */
    clearForPeer(): void {
      entries.clear();
    },
  };
}
