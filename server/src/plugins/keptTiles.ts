import fp from 'fastify-plugin';
import { KeptBytes } from './keptBytes.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Field tiles as last encoded, per holding, reader, year and tile (modules/fields/tiles). */
    keptTiles: KeptTiles;
  }
}

/** Tile bytes kept at most: a map session touches a few hundred tiles of some kilobytes each. */
export const keptTileBudgetBytes = 32 * 1024 * 1024;

/**
 * Encoded field tiles, one per slot (holding, reader, year, z/x/y), each of the data revision it was made in: a
 * change to the holding's fields or croppings moves the revision on, and the next request encodes afresh. The
 * least recently used go first past the budget; the live channel drops a holding's tiles when it changes.
 */
export class KeptTiles {
  private readonly kept: KeptBytes;

  constructor(budgetBytes = keptTileBudgetBytes) {
    this.kept = new KeptBytes(budgetBytes);
  }

  tile(slot: string, revision: string, encode: () => Promise<Buffer>): Promise<Buffer> {
    return this.kept.get(slot, revision, encode);
  }

  get size(): { tiles: number; bytes: number } {
    const { entries, bytes } = this.kept.size;
    return { tiles: entries, bytes };
  }

  forgetHolding(holdingId: number): void {
    this.kept.forgetHolding(holdingId);
  }
}

export const keptTiles = fp(
  async (app) => {
    app.decorate('keptTiles', new KeptTiles());
  },
  { name: 'kept-tiles' },
);
