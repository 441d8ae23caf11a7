import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import type {
  HoldingSummary,
  SelectHoldingResponse,
  SessionStartResponse,
  User,
} from '@headland/domain/api/sessionApi';
import { ApiRequestError, ApiUnreachableError, describeApiError, type ApiClient } from '../http/apiClient.ts';
import { connectivity } from '../offline/browserConnectivity.ts';
import { keepOfflineShell, readOfflineShell } from '../offline/offlineShell.ts';
import { inviteToAccept, readInviteLink, type InvitationNotice, type InviteLink } from './inviteLink.ts';
import { loadSignedInApp } from '../signedInApp.ts';
import { reloadToLogin } from './reloadToLogin.ts';
import { resetPasswordParameter } from '../login/resetPasswordLink.ts';
import {
  acceptTerms as postAcceptTerms,
  currentHolding,
  logout as deleteSession,
  openCropYear,
  readInvitation,
  requestToken,
  selectHolding,
  startSession,
  tokenErrorDescription,
} from './sessionRequests.ts';
import {
  clearStoredAccessToken,
  forgetSignupLogin,
  readSignupLogin,
  readStoredAccessToken,
  readStoredContext,
  storeAccessToken,
  storeContext,
  storeSignupLogin,
} from './tokenStorage.ts';
import { cancelSignup as postCancelSignup, validateSignupLink } from '../signup/signupRequests.ts';

/** What every login step may show besides its own content: the invitation the page was opened with. */
interface LoginExtras {
  invitation?: InvitationNotice | null;
}

/** The shell states of session-shell-connections §2 that this app has. */
export type ShellState =
  | { kind: 'loading' }
  | ({ kind: 'login'; step: 'password'; error: string | null } & LoginExtras)
  | ({ kind: 'login'; step: 'terms'; start: SessionStartResponse } & LoginExtras)
  | ({ kind: 'login'; step: 'holding'; start: SessionStartResponse; invalidHolding: boolean } & LoginExtras)
  | { kind: 'app'; start: SessionStartResponse; selection: SelectHoldingResponse }
  /** The sign-up wizard, on the restricted login its link opened. */
  | { kind: 'signup'; email: string }
  /** A sign-up link that does not work, opened with no one signed in (session-shell §8). */
  | { kind: 'signupError'; email: string };

export interface ShellController {
  state: ShellState;
  signIn(email: string, password: string): Promise<void>;
  acceptTerms(): Promise<void>;
  /** Opens a holding in a year. A different holding than the current one restarts the app on the dashboard. */
  chooseHolding(holding: HoldingSummary, yearId: number): Promise<boolean>;
  changeYear(yearId: number): Promise<void>;
  /** Registers the year after the holding's latest crop year and switches to it. */
  openNewYear(): Promise<void>;
  /**
   * Reads the session's holding again after it was changed (its trading name, town...), so that the header and
   * the holding list show what is stored. The session and its token stay as they are; a failure changes nothing.
   */
  refreshHolding(): Promise<void>;
  replaceUser(user: User): void;
  logOut(): Promise<void>;
}

/** The sign-up wizard's actions (session-shell §4), beside the shell's. */
export interface SignupController {
  /** After the sign-up setup: signs in with the new password and opens the holding (the invited one first). */
  finishSignup(email: string, password: string): Promise<void>;
  /** The person declined what sign-up needs: cancels the account being set up, then logs out. */
  cancelSignup(): Promise<void>;
  /** From the sign-up error page to the login screen. */
  leaveSignupError(): void;
}

/** Where sign-in starts: a sign-in link, a token link, or a token kept from an earlier visit. */
type Entry =
  | { kind: 'signupLink'; key: string; email: string }
  | { kind: 'loginLink'; token: string }
  | { kind: 'token'; token: string }
  | { kind: 'none' };

function readEntry(): Entry {
  const params = new URLSearchParams(window.location.search);
  // A sign-up link comes first of all (session-shell §4).
  const signupKey = params.get('signup');
  if (signupKey) return { kind: 'signupLink', key: signupKey, email: params.get('email') ?? '' };
  const login = params.get('login');
  if (login) return { kind: 'loginLink', token: login };
  const token = params.get('token');
  if (token) return { kind: 'token', token };
  // A reset-password link comes next: its screen shows signed out, whoever used this browser last.
  if (params.has(resetPasswordParameter)) return { kind: 'none' };
  // An invitation comes before a kept token (session-shell §4): whoever opens it signs in, as the invited
  // address, rather than carrying on as whoever used this browser last.
  if (params.has('invite')) return { kind: 'none' };
  // So does a link confirming a new e-mail address: the next sign-in is with that address.
  if (params.has('confirmEmail')) return { kind: 'none' };
  const stored = readStoredAccessToken();
  return stored ? { kind: 'token', token: stored } : { kind: 'none' };
}

/** Takes the link parameters out of the address so that a reload or a shared address does not reuse them. */
function forgetLinkParameters(): void {
  const url = new URL(window.location.href);
  if (!url.searchParams.has('login') && !url.searchParams.has('token')) return;
  url.searchParams.delete('login');
  url.searchParams.delete('token');
  window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
}

/** Takes the sign-up link out of the address once the account is set up or the sign-up ends. */
function forgetSignupParameters(): void {
  forgetSignupLogin();
  const url = new URL(window.location.href);
  if (!url.searchParams.has('signup')) return;
  url.searchParams.delete('signup');
  url.searchParams.delete('email');
  window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
}

/** Takes the invitation out of the address once it has been used, or found unusable. */
function forgetInviteParameter(): void {
  const url = new URL(window.location.href);
  if (!url.searchParams.has('invite')) return;
  url.searchParams.delete('invite');
  window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
}

/** The server's refusal of the invitation sent with a session start, when that is why the start failed. */
function invitationRefusal(error: unknown): string | null {
  if (!(error instanceof ApiRequestError)) return null;
  const refusal = error.apiError?.Errors?.find((entry) => entry.Field === 'acceptedInviteId');
  return refusal?.Message ?? null;
}

/** What the login screen says of an invitation while its description is read. */
function initialNotice(link: InviteLink): InvitationNotice | null {
  if (link.kind === 'none') return null;
  return link.kind === 'invalid' ? { kind: 'invalid' } : { kind: 'loading' };
}

/** The newest crop year, or undefined for a holding without any. */
export function lastCropYear(holding: HoldingSummary): number | undefined {
  return holding.CropYears.length ? Math.max(...holding.CropYears) : undefined;
}

/**
 * Runs the session of session-shell-connections §4: the initial login order, sign-in, terms, holding and year
 * selection, year switching and logout.
 */
export function useShellController(api: ApiClient): ShellController & SignupController {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  // Read once: link parameters are taken out of the address as soon as sign-in starts.
  const [entry] = useState(readEntry);
  const [inviteLink] = useState(() => readInviteLink(window.location.search));
  const [invitation, setInvitationOnly] = useState<InvitationNotice | null>(() => initialNotice(inviteLink));
  const invitationRef = useRef(invitation);
  const setInvitation = useCallback((next: InvitationNotice | null) => {
    invitationRef.current = next;
    setInvitationOnly(next);
  }, []);
  const [state, setStateOnly] = useState<ShellState>(() =>
    entry.kind === 'none' ? { kind: 'login', step: 'password', error: null } : { kind: 'loading' },
  );
  // Actions run after awaits and must see the state of that moment, not the one of their render.
  const stateRef = useRef(state);
  const setState = useCallback((next: ShellState) => {
    stateRef.current = next;
    setStateOnly(next);
  }, []);

  const enterApp = useCallback(
    (start: SessionStartResponse, selection: SelectHoldingResponse) => {
      api.setToken(selection.Token);
      api.setUnauthorisedHandling(true);
      storeContext({
        holdingId: selection.Holding.HoldingId,
        yearId: selection.YearId,
        session: { token: selection.Token, userId: start.User.Id },
      });
      keepOfflineShell(start, selection);
      // Entering the app (a reload, a sign-in), the screen's data is asked for before the app is drawn: on the
      // map of a large holding the fields list is the longest wait. Within the app, changing year or holding
      // clears or invalidates the cache afterwards, and the layout's useRouteDataPrefetch asks then.
      if (stateRef.current.kind !== 'app') {
        const at = {
          pathname: window.location.pathname,
          holdingId: selection.Holding.HoldingId,
          yearId: selection.YearId,
        };
        void loadSignedInApp()
          .then(({ prefetchRouteData }) => prefetchRouteData(queryClient, api, at))
          .catch(() => undefined);
      }
      setState({ kind: 'app', start, selection });
    },
    [api, queryClient, setState],
  );

  const toHoldingStep = useCallback(
    (start: SessionStartResponse, invalidHolding = false) => {
      setState({ kind: 'login', step: 'holding', start, invalidHolding });
    },
    [setState],
  );

  /** After the start call: terms first when they must be accepted, else the holding (chosen for the user on a reload). */
  const continueAfterStart = useCallback(
    async (start: SessionStartResponse, automatic: boolean) => {
      if (start.MustAcceptTermsAndConditions) {
        setState({ kind: 'login', step: 'terms', start });
        return;
      }
      const remembered = automatic ? readStoredContext() : null;
      const initial = start.InitialHolding;
      let pick: { holding: HoldingSummary; yearId: number | undefined; sessionToken?: string } | null = null;
      if (remembered && initial?.HoldingId === remembered.holdingId) {
        pick = {
          holding: initial,
          yearId: initial.CropYears.includes(remembered.yearId) ? remembered.yearId : lastCropYear(initial),
          sessionToken: remembered.session?.userId === start.User.Id ? remembered.session.token : undefined,
        };
      } else if (automatic && initial && start.User.Properties.AutoSelectContext) {
        pick = { holding: initial, yearId: lastCropYear(initial) };
      }
      if (!pick || pick.yearId === undefined) {
        toHoldingStep(start);
        return;
      }
      const accountToken = api.getToken();
      // The server takes up a session again only for a token bound to it; the account token would open a
      // second session and leave this tab's first one listed as active.
      if (pick.sessionToken) api.setToken(pick.sessionToken);
      try {
        const selection = await selectHolding(api, {
          holdingId: pick.holding.HoldingId,
          yearId: pick.yearId,
          reuseSession: true,
        });
        enterApp(start, selection);
      } catch {
        api.setToken(accountToken);
        toHoldingStep(start);
      }
    },
    [api, enterApp, setState, toHoldingStep],
  );

  /**
   * The start call, carrying the invitation when there is one to accept. When the server refuses only the
   * invitation, the login screen says why and the session starts without it.
   */
  const startWithInvitation = useCallback(async (): Promise<SessionStartResponse> => {
    const initialHoldingId = readStoredContext()?.holdingId ?? null;
    const invite = inviteToAccept(inviteLink, invitationRef.current);
    if (invite === null) return startSession(api, { initialHoldingId });
    let start: SessionStartResponse;
    try {
      start = await startSession(api, {
        initialHoldingId,
        acceptedInviteId: invite.id,
        inviteSecret: invite.secret,
      });
      // A login that owes the terms learns nothing of holdings: the invitation waits for the start after them.
      if (start.MustAcceptTermsAndConditions) return start;
    } catch (error) {
      const refusal = invitationRefusal(error);
      if (refusal === null) throw error;
      forgetInviteParameter();
      setInvitation({ kind: 'refused', message: refusal });
      return startSession(api, { initialHoldingId });
    }
    forgetInviteParameter();
    const current = invitationRef.current;
    setInvitation({
      kind: 'joined',
      // The server opens the session on the holding joined.
      holdingName:
        current?.kind === 'pending'
          ? current.invitation.holdingName
          : (start.InitialHolding?.TradingName ?? null),
    });
    return start;
  }, [api, inviteLink, setInvitation]);

  // The account token the shell opened with while the server could not be reached: the session is started for
  // real with it once the server answers again.
  const [offlineToken, setOfflineToken] = useState<string | null>(null);

  /**
   * Opens the shell as it was last left (user, holding and year) when the server cannot be reached, rather than
   * signing out: the kept token may well still work. False when nothing was kept.
   */
  const openOffline = useCallback(
    (token: string): boolean => {
      const kept = readOfflineShell();
      if (!kept) return false;
      const { Holding } = kept.selection;
      const context = readStoredContext();
      const sameHolding = context?.holdingId === Holding.HoldingId;
      const session =
        sameHolding && context.session?.userId === kept.start.User.Id ? context.session : undefined;
      const yearId =
        sameHolding && Holding.CropYears.includes(context.yearId) ? context.yearId : kept.selection.YearId;
      const selection: SelectHoldingResponse = {
        ...kept.selection,
        YearId: yearId,
        Token: session?.token ?? token,
      };
      api.setToken(selection.Token);
      api.setUnauthorisedHandling(true);
      // The start made on return opens this holding and year again, in the tab's holding session if it had one.
      storeContext({ holdingId: Holding.HoldingId, yearId, session });
      setState({ kind: 'app', start: kept.start, selection });
      // Whatever the browser says of its network, this server did not answer: the return waits for it to.
      connectivity.report(false);
      setOfflineToken(token);
      return true;
    },
    [api, setState],
  );

  const beginSession = useCallback(
    async (token: string, automatic: boolean) => {
      api.setToken(token);
      let start: SessionStartResponse;
      try {
        start = await startWithInvitation();
      } catch (error) {
        const problem = describeApiError(error, false);
        if (problem.kind === 'maintenance') {
          // The token still works: the maintenance panel takes the screen, and when the window ends the app
          // starts again from the kept token, so no one has to sign in again.
          storeAccessToken(token);
          api.setToken(null);
          setState({ kind: 'login', step: 'password', error: null });
          return;
        }
        if (error instanceof ApiUnreachableError) {
          // No server says nothing of the token: it is kept for when the server answers again.
          if (automatic && openOffline(token)) return;
          api.setToken(null);
          setState({ kind: 'login', step: 'password', error: t('errors.unreachable') });
          return;
        }
        // A kept token that no longer works just means signing in again.
        clearStoredAccessToken();
        api.setToken(null);
        const message = problem.kind === 'message' ? problem.message : t('errors.generic');
        setState({ kind: 'login', step: 'password', error: automatic ? null : message });
        return;
      }
      storeAccessToken(token);
      await continueAfterStart(start, automatic);
    },
    [api, continueAfterStart, openOffline, setState, startWithInvitation, t],
  );

  // Back online, the session opened offline starts for real; the screens then read their data again.
  useEffect(() => {
    if (offlineToken === null) return;
    const resume = () => {
      if (connectivity.isOffline()) return;
      stop();
      setOfflineToken(null);
      void beginSession(offlineToken, true).then(() => {
        if (stateRef.current.kind === 'app') void queryClient.invalidateQueries();
      });
    };
    const stop = connectivity.subscribe(resume);
    resume();
    return stop;
  }, [beginSession, offlineToken, queryClient]);

  /**
   * A sign-up link: its key and address give a temporary token, exchanged for the restricted login the wizard
   * runs on. A link that does not work says 'Invalid signup request' on the login when someone was signed in
   * here before, and otherwise leads to the sign-up error page with the link's address.
   */
  const openSignupLink = useCallback(
    async (key: string, email: string) => {
      // A reload during the wizard: the link is spent, the login it gave goes on.
      const kept = readSignupLogin(key);
      if (kept) {
        api.setToken(kept.token);
        setState({ kind: 'signup', email: kept.email });
        return;
      }
      try {
        const temporary = await validateSignupLink(api, key, email);
        const login = await requestToken(api, { grant: 'token', token: temporary.token });
        api.setToken(login.access_token);
        storeSignupLogin({ linkKey: key, email: temporary.email, token: login.access_token });
        setState({ kind: 'signup', email: temporary.email });
      } catch {
        forgetSignupParameters();
        api.setToken(null);
        const stored = readStoredAccessToken();
        if (stored) {
          setState({ kind: 'login', step: 'password', error: t('signup.invalidRequest') });
          return;
        }
        setState({ kind: 'signupError', email });
      }
    },
    [api, setState, t],
  );

  const finishSignup = useCallback(
    async (email: string, password: string) => {
      forgetSignupParameters();
      let token: string;
      try {
        token = (await requestToken(api, { grant: 'password', username: email, password })).access_token;
      } catch (error) {
        setState({
          kind: 'login',
          step: 'password',
          error: tokenErrorDescription(error, t) ?? t('errors.generic'),
        });
        return;
      }
      api.setToken(token);
      let start: SessionStartResponse;
      try {
        start = await startWithInvitation();
      } catch {
        await beginSession(token, false);
        return;
      }
      storeAccessToken(token);
      const initial = start.InitialHolding;
      const yearId = initial ? lastCropYear(initial) : undefined;
      // The holding the person was invited to (or the one they created) opens at once.
      if (!start.MustAcceptTermsAndConditions && initial && yearId !== undefined) {
        try {
          enterApp(
            start,
            await selectHolding(api, { holdingId: initial.HoldingId, yearId, reuseSession: false }),
          );
          return;
        } catch {
          // The holding step lets the user choose.
        }
      }
      await continueAfterStart(start, false);
    },
    [api, beginSession, continueAfterStart, enterApp, setState, startWithInvitation, t],
  );

  const leaveSignupError = useCallback(() => {
    setState({ kind: 'login', step: 'password', error: null });
  }, [setState]);

  const started = useRef(false);
  useEffect(() => {
    // Strict mode runs effects twice in development; a sign-in link must be spent only once.
    if (started.current) return;
    started.current = true;
    forgetLinkParameters();
    if (inviteLink.kind === 'invalid') forgetInviteParameter();
    if (inviteLink.kind === 'holding') {
      const describe = async (id: string, secret: string | undefined) => {
        try {
          const found = await readInvitation(api, id, secret);
          // A sign-in may have used the invitation while its description was on its way.
          if (invitationRef.current?.kind !== 'loading') return;
          setInvitation(
            found.accepted ? { kind: 'accepted', invitation: found } : { kind: 'pending', invitation: found },
          );
        } catch (error) {
          if (invitationRef.current?.kind !== 'loading') return;
          const problem = describeApiError(error, false);
          const refused =
            error instanceof ApiRequestError && error.status < 500 && problem.kind === 'message';
          if (refused) forgetInviteParameter();
          setInvitation(refused ? { kind: 'refused', message: problem.message } : { kind: 'unavailable' });
        }
      };
      void describe(inviteLink.id, inviteLink.secret);
    }
    if (entry.kind === 'none') return;
    if (entry.kind === 'signupLink') {
      const signUpFromLink = async () => openSignupLink(entry.key, entry.email);
      void signUpFromLink();
      return;
    }
    const signInFromEntry = async (token: string) => {
      let accessToken = token;
      if (entry.kind === 'loginLink') {
        try {
          accessToken = (await requestToken(api, { grant: 'token', token })).access_token;
        } catch (error) {
          setState({
            kind: 'login',
            step: 'password',
            error: tokenErrorDescription(error, t) ?? t('errors.generic'),
          });
          return;
        }
      }
      await beginSession(accessToken, true);
    };
    void signInFromEntry(entry.token);
  }, [api, beginSession, entry, inviteLink, openSignupLink, setInvitation, setState, t]);

  const signIn = useCallback(
    async (email: string, password: string) => {
      try {
        const response = await requestToken(api, { grant: 'password', username: email, password });
        await beginSession(response.access_token, false);
      } catch (error) {
        const fallback = error instanceof ApiUnreachableError ? t('errors.unreachable') : t('errors.generic');
        setState({ kind: 'login', step: 'password', error: tokenErrorDescription(error, t) ?? fallback });
      }
    },
    [api, beginSession, setState, t],
  );

  const acceptTerms = useCallback(async () => {
    const current = stateRef.current;
    if (current.kind !== 'login' || current.step !== 'terms') return;
    const version = current.start.TermsAndConditions?.Version;
    if (version === undefined) return;
    try {
      await postAcceptTerms(api, version);
    } catch {
      // The error dialog has told the user; the terms must still be accepted.
      return;
    }
    // Before the terms the server tells nothing of holdings: the start is asked again, with any invitation.
    let start: SessionStartResponse;
    try {
      start = await startWithInvitation();
    } catch (error) {
      const problem = describeApiError(error, false);
      setState({
        kind: 'login',
        step: 'password',
        error: problem.kind === 'message' ? problem.message : t('errors.generic'),
      });
      return;
    }
    await continueAfterStart({ ...start, MustAcceptTermsAndConditions: false }, false);
  }, [api, continueAfterStart, setState, startWithInvitation, t]);

  const changeYear = useCallback(
    async (yearId: number) => {
      const current = stateRef.current;
      if (current.kind !== 'app') return;
      const { selection } = current;
      if (yearId === selection.YearId || !selection.Holding.CropYears.includes(yearId)) return;
      try {
        const next = await selectHolding(api, {
          holdingId: selection.Holding.HoldingId,
          yearId,
          reuseSession: true,
        });
        enterApp(current.start, next);
      } catch {
        return;
      }
      await queryClient.invalidateQueries();
    },
    [api, enterApp, queryClient],
  );

  const chooseHolding = useCallback(
    async (holding: HoldingSummary, yearId: number) => {
      const current = stateRef.current;
      if (current.kind !== 'app' && (current.kind !== 'login' || current.step !== 'holding')) return false;
      if (!holding.CropYears.includes(yearId)) {
        if (current.kind === 'login') toHoldingStep(current.start, true);
        return false;
      }
      if (current.kind === 'app' && current.selection.Holding.HoldingId === holding.HoldingId) {
        await changeYear(yearId);
        return true;
      }
      let selection: SelectHoldingResponse;
      try {
        selection = await selectHolding(api, { holdingId: holding.HoldingId, yearId, reuseSession: false });
      } catch {
        return false;
      }
      if (current.kind === 'app') {
        // Another holding: nothing cached for the old one may show, and the app starts again on the dashboard.
        queryClient.clear();
        navigate('/dashboard');
      }
      enterApp(current.start, selection);
      return true;
    },
    [api, changeYear, enterApp, navigate, queryClient, toHoldingStep],
  );

  const openNewYear = useCallback(async () => {
    const current = stateRef.current;
    if (current.kind !== 'app') return;
    const { Holding } = current.selection;
    const next = Math.max(current.selection.YearId, ...Holding.CropYears) + 1;
    let opened: boolean;
    try {
      opened = await openCropYear(api, next);
    } catch {
      return;
    }
    if (!opened) return;
    try {
      const selection = await selectHolding(api, {
        holdingId: Holding.HoldingId,
        yearId: next,
        reuseSession: true,
      });
      enterApp(current.start, selection);
    } catch {
      return;
    }
    await queryClient.invalidateQueries();
  }, [api, enterApp, queryClient]);

  const refreshHolding = useCallback(async () => {
    if (stateRef.current.kind !== 'app') return;
    let holding: HoldingSummary;
    try {
      holding = await currentHolding(api);
    } catch {
      return;
    }
    const current = stateRef.current;
    // Another holding may have been opened while the answer was on its way: it is then not this one's.
    if (current.kind !== 'app' || current.selection.Holding.HoldingId !== holding.HoldingId) return;
    const fresh = (entry: HoldingSummary) => (entry.HoldingId === holding.HoldingId ? holding : entry);
    const { start, selection } = current;
    setState({
      ...current,
      start: {
        ...start,
        Holdings: start.Holdings.map(fresh),
        InitialHolding: start.InitialHolding && fresh(start.InitialHolding),
      },
      selection: { ...selection, Holding: holding },
    });
  }, [api, setState]);

  const replaceUser = useCallback(
    (user: User) => {
      const current = stateRef.current;
      if (current.kind === 'app') setState({ ...current, start: { ...current.start, User: user } });
    },
    [setState],
  );

  const logOut = useCallback(async () => {
    // The session is being ended on purpose: a 401 now (a password change revokes tokens) is no surprise.
    api.setUnauthorisedHandling(false);
    try {
      await deleteSession(api);
    } catch {
      // The server may have ended the session already; the token is forgotten either way.
    }
    clearStoredAccessToken();
    api.setToken(null);
    reloadToLogin();
  }, [api]);

  const cancelSignup = useCallback(async () => {
    try {
      await postCancelSignup(api);
    } catch {
      // The error dialog has told the user; the sign-up goes on.
      return;
    }
    forgetSignupParameters();
    forgetInviteParameter();
    await logOut();
  }, [api, logOut]);

  // The invitation is told on every login step: its description arrives while any of them is shown.
  const shown = useMemo<ShellState>(
    () => (state.kind === 'login' ? { ...state, invitation } : state),
    [state, invitation],
  );

  return useMemo(
    () => ({
      state: shown,
      signIn,
      acceptTerms,
      chooseHolding,
      changeYear,
      openNewYear,
      refreshHolding,
      replaceUser,
      logOut,
      finishSignup,
      cancelSignup,
      leaveSignupError,
    }),
    [
      shown,
      signIn,
      acceptTerms,
      chooseHolding,
      changeYear,
      openNewYear,
      refreshHolding,
      replaceUser,
      logOut,
      finishSignup,
      cancelSignup,
      leaveSignupError,
    ],
  );
}
