import {
  selectHoldingResponseSchema,
  sessionStartResponseSchema,
  type SelectHoldingResponse,
  type SessionStartResponse,
} from '@headland/domain/api/sessionApi';

/** Where the last signed-in shell is kept; tokenStorage.ts forgets it with the account token. */
export const offlineShellKey = 'headland.offlineShell';
/** A shell larger than this (a list of thousands of holdings) is not kept: the app then opens online only. */
export const offlineShellMaxChars = 1_000_000;

const keptSelectionSchema = selectHoldingResponseSchema.omit({ Token: true });

/**
 * What the shell needs to open on the last holding and year without the server: the session start (user,
 * holdings) and the holding selection. The holding session's token is not in it: that belongs to one tab
 * (tokenStorage.ts), while this is kept in the browser's storage so that the installed app, opened afresh,
 * finds it too.
 */
export interface OfflineShell {
  start: SessionStartResponse;
  selection: Omit<SelectHoldingResponse, 'Token'>;
}

function browserStorage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

export function keepOfflineShell(start: SessionStartResponse, selection: SelectHoldingResponse): void {
  const { Token: _token, ...kept } = selection;
  // The terms were accepted to get this far; their text is not needed again.
  const shell: OfflineShell = { start: { ...start, TermsAndConditions: null }, selection: kept };
  const text = JSON.stringify(shell);
  try {
    if (text.length > offlineShellMaxChars) browserStorage()?.removeItem(offlineShellKey);
    else browserStorage()?.setItem(offlineShellKey, text);
  } catch {
    // A full or blocked storage: the app opens online only.
  }
}

export function readOfflineShell(): OfflineShell | null {
  try {
    const text = browserStorage()?.getItem(offlineShellKey);
    if (!text) return null;
    const value = JSON.parse(text) as { start?: unknown; selection?: unknown };
    const start = sessionStartResponseSchema.safeParse(value.start);
    const selection = keptSelectionSchema.safeParse(value.selection);
    if (!start.success || !selection.success || start.data.MustAcceptTermsAndConditions) return null;
    return { start: start.data, selection: selection.data };
  } catch {
    return null;
  }
}
