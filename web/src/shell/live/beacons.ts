/** Where the beacons go (session-shell §7). */
export const disconnectBeaconUrl = '/api/session/v1/disconnect';
export const errorBeaconUrl = '/api/session/v1/error';

/** The browser's harmless resize-observer warnings, which are not errors of the app (session-shell §8). */
export function isResizeObserverNoise(message: string): boolean {
  return /ResizeObserver loop/i.test(message);
}

export interface BeaconOptions {
  token(): string | null;
  sessionId(): string | null;
  target?: Window;
  send?: (url: string, body: Blob) => boolean;
}

const clip = (text: string | undefined, max: number) => (text === undefined ? undefined : text.slice(0, max));

/**
 * Sends `POST /api/session/v1/disconnect` when the tab closes, and `POST /api/session/v1/error` for each uncaught
 * error, as beacons: the browser delivers them even as the page goes away. Neither can carry an Authorization
 * header, so the token travels in the body. Returns the uninstall.
 */
export function installBeacons(options: BeaconOptions): () => void {
  const target = options.target ?? window;
  const send = options.send ?? ((url: string, body: Blob) => navigator.sendBeacon(url, body));
  const post = (url: string, data: unknown) => {
    const token = options.token();
    if (!token) return;
    send(url, new Blob([JSON.stringify({ token, data })], { type: 'application/json' }));
  };
  const handlePageHide = () => post(disconnectBeaconUrl, { sessionId: options.sessionId() });
  const report = (
    message: string,
    extra: { source?: string; line?: number; column?: number; stack?: string },
  ) => {
    if (!message.trim() || isResizeObserverNoise(message)) return;
    post(errorBeaconUrl, {
      message: clip(message, 2000),
      source: clip(extra.source, 2000),
      line: extra.line,
      column: extra.column,
      stack: clip(extra.stack, 8000),
      url: clip(target.location?.pathname, 2000),
    });
  };
  const handleError = (event: ErrorEvent) => {
    const error = event.error as Error | undefined;
    report(event.message || String(error ?? ''), {
      source: event.filename || undefined,
      line: event.lineno || undefined,
      column: event.colno || undefined,
      stack: error?.stack,
    });
  };
  const handleRejection = (event: PromiseRejectionEvent) => {
    const reason = event.reason as unknown;
    const message = reason instanceof Error ? reason.message : String(reason);
    report(`Unhandled rejection: ${message}`, { stack: reason instanceof Error ? reason.stack : undefined });
  };
  target.addEventListener('pagehide', handlePageHide);
  target.addEventListener('error', handleError);
  target.addEventListener('unhandledrejection', handleRejection);
  return () => {
    target.removeEventListener('pagehide', handlePageHide);
    target.removeEventListener('error', handleError);
    target.removeEventListener('unhandledrejection', handleRejection);
  };
}
