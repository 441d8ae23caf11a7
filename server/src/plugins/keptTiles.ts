import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyInstance {
    /** Field tiles as last encoded, per holding, reader, year and tile (modules/fields/tiles). */
    keptTiles: KeptTiles;
  }
}

/** Tile bytes kept at most: a map session touches a few hundred tiles of some kilobytes each. */
export const keptTileBudgetBytes = 32 * 1024 * 1024;

interface KeptTile {
  revision: string;
  /** Kept while it is being encoded, so that callers asking at once share one encoding. */
  bytes: Promise<Buffer>;
  size: number;
}

/**
 * Encoded field tiles, one per slot (holding, reader, year, z/x/y), each of the data revision it was made in: a
 * change to the holding's fields or croppings moves the revision on, and the next request encodes afresh. The
 * least recently used go first past the budget; the live channel drops a holding's tiles when it changes.
 */
export class KeptTiles {
  private readonly tiles = new Map<string, KeptTile>();
  private keptBytes = 0;

  constructor(private readonly budgetBytes = keptTileBudgetBytes) {}

  tile(slot: string, revision: string, encode: () => Promise<Buffer>): Promise<Buffer> {
    const kept = this.tiles.get(slot);
    if (kept?.revision === revision) {
      this.tiles.delete(slot);
      this.tiles.set(slot, kept);
      return kept.bytes;
    }
    if (kept) this.forget(slot);
    const entry: KeptTile = { revision, bytes: encode(), size: 0 };
    this.tiles.set(slot, entry);
    entry.bytes.then(
      (bytes) => {
        if (this.tiles.get(slot) !== entry) return;
        entry.size = bytes.byteLength;
        this.keptBytes += entry.size;
        this.trim();
      },
      () => {
        if (this.tiles.get(slot) === entry) this.tiles.delete(slot);
      },
    );
    return entry.bytes;
  }

  get size(): { tiles: number; bytes: number } {
    return { tiles: this.tiles.size, bytes: this.keptBytes };
  }

  forgetHolding(holdingId: number): void {
    const prefix = `${holdingId}|`;
    for (const slot of [...this.tiles.keys()]) if (slot.startsWith(prefix)) this.forget(slot);
  }

  private forget(slot: string): void {
    const kept = this.tiles.get(slot);
    if (!kept) return;
    this.keptBytes -= kept.size;
    this.tiles.delete(slot);
  }

  private trim(): void {
    for (const slot of this.tiles.keys()) {
      if (this.keptBytes <= this.budgetBytes) return;
      this.forget(slot);
    }
  }
}

export const keptTiles = fp(
  async (app) => {
    app.decorate('keptTiles', new KeptTiles());
  },
  { name: 'kept-tiles' },
);
