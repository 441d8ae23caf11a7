/** Leaves the app for another address (an identity provider's sign-in page). */
export function leaveForAddress(address: string): void {
  window.location.assign(address);
}
