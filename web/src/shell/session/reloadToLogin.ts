/**
 * Leaves the app for a fresh start at the login screen: a full page load drops every cache, timer and
 * pending call of the old session. Link parameters are not carried over, so a used sign-in link cannot sign
 * the user back in; the chosen language is.
 */
export function reloadToLogin(): void {
  const lang = new URLSearchParams(window.location.search).get('lang');
  window.location.replace(lang ? `/?lang=${encodeURIComponent(lang)}` : '/');
}
