import { heartbeatMaxMs, heartbeatMinMs } from '@headland/domain/limits';

export interface HeartbeatOptions {
  /** Sends one beat; its failure is the caller's to show (a 401 ends the session through the API client). */
  beat(): Promise<void>;
  /** False stops the beats: disabled (debug, tests), or no token any more. Read before every beat. */
  enabled(): boolean;
  /** 0 to 1; each wait is drawn afresh so that tabs do not beat in step. */
  random?: () => number;
}

/** The wait before the next beat: 2 to 3 minutes (session-shell §4, §9). */
export function heartbeatDelayMs(random: number): number {
  return heartbeatMinMs + Math.floor(random * (heartbeatMaxMs - heartbeatMinMs));
}

/**
 * The session heartbeat: `POST /api/session/v1` every 2 to 3 minutes, randomised, which keeps the tab's session
 * among the holding's active sessions while the tab is open. It stops for good when it finds itself disabled
 * or without a token; a failed beat does not stop it (the next may succeed).
 */
export class Heartbeat {
  private timer: ReturnType<typeof setTimeout> | null = null;
  private running = false;
  private readonly random: () => number;

  constructor(private readonly options: HeartbeatOptions) {
    this.random = options.random ?? Math.random;
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.schedule();
  }

  stop(): void {
    this.running = false;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  /** Beats now, out of turn (the live socket came back and the tab must catch up); the rhythm stays. */
  async beatNow(): Promise<void> {
    if (!this.running || !this.options.enabled()) return;
    try {
      await this.options.beat();
    } catch {
      // As for a beat in turn.
    }
  }

  get isRunning(): boolean {
    return this.running;
  }

  private schedule(): void {
    this.timer = setTimeout(() => void this.tick(), heartbeatDelayMs(this.random()));
  }

  private async tick(): Promise<void> {
    this.timer = null;
    if (!this.running) return;
    if (!this.options.enabled()) {
      this.stop();
      return;
    }
    try {
      await this.options.beat();
    } catch {
      // Shown by the API client where it matters; the next beat tries again.
    }
    if (this.running) this.schedule();
  }
}
