import { offlineShellKey } from '../offline/offlineShell.ts';

/**
 * Where the account token survives a reload: the tab's own storage first, then the browser's, so a new tab
 * signs in with the token of the last sign-in. Storage can be unavailable (private modes, blocked cookies):
 * the app then works for the life of the page only.
 */
const accessTokenKey = 'headland.accessToken';
const contextKey = 'headland.context';

function stores(): Storage[] {
  const found: Storage[] = [];
  for (const pick of [() => window.sessionStorage, () => window.localStorage]) {
    try {
      const store = pick();
      if (store) found.push(store);
    } catch {
      // Access to storage itself can throw when the browser blocks it.
    }
  }
  return found;
}

export function readStoredAccessToken(): string | null {
  for (const store of stores()) {
    const token = store.getItem(accessTokenKey);
    if (token) return token;
  }
  return null;
}

export function storeAccessToken(token: string): void {
  for (const store of stores()) {
    // The shell kept for offline use is the previous sign-in's: another account must not open it.
    if (store.getItem(accessTokenKey) !== token) store.removeItem(offlineShellKey);
    store.setItem(accessTokenKey, token);
  }
}

export function clearStoredAccessToken(): void {
  for (const store of stores()) {
    store.removeItem(accessTokenKey);
    store.removeItem(contextKey);
    store.removeItem(offlineShellKey);
  }
}

/**
 * The holding, year and holding session this tab last worked in, so that a reload returns to them. Kept in
 * the tab's own storage only: the session token belongs to this tab, and another tab that took it up would
 * end this tab's session when it opened a holding of its own.
 */
export interface StoredContext {
  holdingId: number;
  yearId: number;
  /**
   * The token bound to the tab's holding session, with which a reload takes that session up again, and its
   * user: a sign-in link opened later in the same tab may be another user's, who must not get this session.
   */
  session?: { token: string; userId: number };
}

export function readStoredContext(): StoredContext | null {
  try {
    const text = window.sessionStorage.getItem(contextKey);
    if (!text) return null;
    const value = JSON.parse(text) as Partial<StoredContext>;
    if (typeof value.holdingId !== 'number' || typeof value.yearId !== 'number') return null;
    const context: StoredContext = { holdingId: value.holdingId, yearId: value.yearId };
    const session = value.session;
    if (session && typeof session.token === 'string' && session.token && typeof session.userId === 'number') {
      context.session = { token: session.token, userId: session.userId };
    }
    return context;
  } catch {
    return null;
  }
}

export function storeContext(context: StoredContext): void {
  try {
    window.sessionStorage.setItem(contextKey, JSON.stringify(context));
  } catch {
    // Without storage a reload asks for the holding again.
  }
}

const signupLoginKey = 'headland.signupLogin';

/**
 * The login a sign-up link gave this tab, kept in the tab's storage with the link's key: the link works once,
 * so a reload during the wizard carries on with this login rather than opening the link again.
 */
export interface SignupLogin {
  linkKey: string;
  email: string;
  token: string;
}

export function readSignupLogin(linkKey: string): SignupLogin | null {
  try {
    const text = window.sessionStorage.getItem(signupLoginKey);
    if (!text) return null;
    const value = JSON.parse(text) as Partial<SignupLogin>;
    if (value.linkKey !== linkKey || typeof value.token !== 'string' || typeof value.email !== 'string') {
      return null;
    }
    return { linkKey, email: value.email, token: value.token };
  } catch {
    return null;
  }
}

export function storeSignupLogin(login: SignupLogin): void {
  try {
    window.sessionStorage.setItem(signupLoginKey, JSON.stringify(login));
  } catch {
    // Without storage a reload during the wizard finds the link spent.
  }
}

export function forgetSignupLogin(): void {
  try {
    window.sessionStorage.removeItem(signupLoginKey);
  } catch {
    // Nothing was kept.
  }
}
