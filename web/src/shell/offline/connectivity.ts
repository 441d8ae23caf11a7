/** How often the server is asked again while it could not be reached. */
export const reachProbeMs = 15_000;

export interface ConnectivityOptions {
  /** Whether the browser says it has a network (navigator.onLine). */
  browserOnline(): boolean;
  /** Asks the server something cheap; resolves when it answered at all, rejects when it could not be reached. */
  probe(): Promise<void>;
  /** Registers for the browser's online and offline events; returns the unregistering. */
  watchBrowser(onChange: () => void): () => void;
}

/**
 * Whether the app can reach its server: not when the browser says it has no network, nor after a call that
 * found no server (a failed fetch), until a call or a probe is answered again. The header's offline notice
 * and the offline start of the shell read it.
 */
export class Connectivity {
  private unreachable = false;
  private offline: boolean;
  private readonly listeners = new Set<() => void>();
  private timer: ReturnType<typeof setTimeout> | null = null;
  private stopWatching: (() => void) | null = null;

  constructor(private readonly options: ConnectivityOptions) {
    this.offline = !options.browserOnline();
  }

  /** Starts following the browser's events. */
  start(): void {
    if (this.stopWatching) return;
    this.stopWatching = this.options.watchBrowser(() => {
      // Back online the server is asked at once rather than at the next probe or call.
      if (this.options.browserOnline() && this.unreachable) void this.runProbe();
      this.update();
    });
    this.update();
  }

  stop(): void {
    this.stopWatching?.();
    this.stopWatching = null;
    this.clearTimer();
  }

  isOffline = (): boolean => this.offline;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** A call to the server was answered (any status: the server is there) or found no server at all. */
  report = (reached: boolean): void => {
    this.unreachable = !reached;
    this.update();
  };

  private async runProbe(): Promise<void> {
    this.clearTimer();
    try {
      await this.options.probe();
      this.unreachable = false;
    } catch {
      this.unreachable = true;
    }
    this.update();
  }

  private update(): void {
    const offline = this.unreachable || !this.options.browserOnline();
    if (this.unreachable && !this.timer && this.stopWatching) {
      this.timer = setTimeout(() => {
        this.timer = null;
        void this.runProbe();
      }, reachProbeMs);
    }
    if (!this.unreachable) this.clearTimer();
    if (offline === this.offline) return;
    this.offline = offline;
    for (const listener of this.listeners) listener();
  }

  private clearTimer(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }
}
