interface KeptEntry {
  revision: string;
  /** Kept while it is being made, so that callers asking at once share one making. */
  bytes: Promise<Buffer>;
  size: number;
}

/**
 * Bytes made from a holding's data, one per slot (a key starting with the holding's id and a bar), each of the
 * data revision it was made in: a change to the data moves the revision on, and the next request makes the
 * bytes afresh. Map order is use order, and the least recently used go first once the kept bytes pass the
 * budget. A failed making is not kept: the next request tries again, and its caller gets the error.
 */
export class KeptBytes {
  private readonly entries = new Map<string, KeptEntry>();
  private keptBytes = 0;

  /**
   * `isOlder(a, b)`, when given, says a revision `a` comes before `b`: a request that read its revision before
   * a change and came late gets bytes made for it alone, and the newer ones stay kept.
   */
  constructor(
    private readonly budgetBytes: number,
    private readonly isOlder: (a: string, b: string) => boolean = () => false,
  ) {}

  /** The bytes of `slot` at `revision`, kept or made now with `make`. */
  get(slot: string, revision: string, make: () => Promise<Buffer>): Promise<Buffer> {
    const kept = this.entries.get(slot);
    if (kept?.revision === revision) {
      this.entries.delete(slot);
      this.entries.set(slot, kept);
      return kept.bytes;
    }
    if (kept && this.isOlder(revision, kept.revision)) return make();
    if (kept) this.forget(slot);
    const entry: KeptEntry = { revision, bytes: make(), size: 0 };
    this.entries.set(slot, entry);
    entry.bytes.then(
      (bytes) => {
        if (this.entries.get(slot) !== entry) return;
        entry.size = bytes.byteLength;
        this.keptBytes += entry.size;
        this.trim();
      },
      () => {
        if (this.entries.get(slot) === entry) this.entries.delete(slot);
      },
    );
    return entry.bytes;
  }

  /** How many entries and bytes are kept. */
  get size(): { entries: number; bytes: number } {
    return { entries: this.entries.size, bytes: this.keptBytes };
  }

  /** Drops every entry of a holding: its data changed, maybe through another server (live/liveChannel.ts). */
  forgetHolding(holdingId: number): void {
    const prefix = `${holdingId}|`;
    for (const slot of [...this.entries.keys()]) if (slot.startsWith(prefix)) this.forget(slot);
  }

  private forget(slot: string): void {
    const kept = this.entries.get(slot);
    if (!kept) return;
    this.keptBytes -= kept.size;
    this.entries.delete(slot);
  }

  private trim(): void {
    for (const slot of this.entries.keys()) {
      if (this.keptBytes <= this.budgetBytes) return;
      this.forget(slot);
    }
  }
}
