/** The login-time URL parameter of a reset link (session-shell §2); its value is the link's single-use token. */
export const resetPasswordParameter = 'resetPassword';

/** The token of the reset link the page was opened with, if any. */
export function resetPasswordToken(search: string = window.location.search): string | null {
  const token = new URLSearchParams(search).get(resetPasswordParameter);
  return token ? token : null;
}

/** Takes the token out of the address, so that a reload or a shared address does not show it again. */
export function forgetResetPasswordParameter(): void {
  const url = new URL(window.location.href);
  if (!url.searchParams.has(resetPasswordParameter)) return;
  url.searchParams.delete(resetPasswordParameter);
  window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
}
