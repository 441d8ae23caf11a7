/**
 * How many messages one live socket may send. A tab sends a state message when the user opens another module
 * or the tab goes idle: a few a minute. The bucket lets a burst through (a tab opening, a quick walk through
 * the menu) and refills steadily; what comes faster is dropped, and a socket that keeps pushing after that is
 * closed, because no tab of the app sends so much.
 */
export interface SocketMessageLimitOptions {
  /** Messages accepted at once before the refill applies. */
  burst: number;
  /** Messages accepted per second once the burst is spent. */
  perSecond: number;
  /** Dropped messages within `dropWindowMs` after which the socket is closed. */
  dropsBeforeClose: number;
  dropWindowMs: number;
}

export const defaultSocketMessageLimit: SocketMessageLimitOptions = {
  burst: 20,
  perSecond: 2,
  dropsBeforeClose: 100,
  dropWindowMs: 10_000,
};

/** The socket close code for a client that breaks the rules (RFC 6455 §7.4.1: policy violation). */
export const policyViolationCloseCode = 1008;

export type MessageVerdict = 'accept' | 'drop' | 'close';

/** A token bucket per socket. */
export class SocketMessageLimit {
  private tokens: number;
  private last: number;
  private drops = 0;
  private dropsSince = 0;

  constructor(
    private readonly options: SocketMessageLimitOptions = defaultSocketMessageLimit,
    now = Date.now(),
  ) {
    this.tokens = options.burst;
    this.last = now;
  }

  take(now = Date.now()): MessageVerdict {
    const elapsedSeconds = Math.max(0, now - this.last) / 1000;
    this.last = now;
    this.tokens = Math.min(this.options.burst, this.tokens + elapsedSeconds * this.options.perSecond);
    if (this.tokens >= 1) {
      this.tokens -= 1;
      return 'accept';
    }
    if (now - this.dropsSince > this.options.dropWindowMs) {
      this.drops = 0;
      this.dropsSince = now;
    }
    this.drops += 1;
    return this.drops > this.options.dropsBeforeClose ? 'close' : 'drop';
  }
}
