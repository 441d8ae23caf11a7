/** How many (holding, reader, year) entries are kept; the least recently used goes first. */
const keptEntries = 256;

interface Entry<T> {
  /** The holding's data revision and crop years the cards were built in. */
  state: string;
  cards: Promise<T>;
}

/**
 * The dashboard's cards that come from the holding's fields and croppings (totals, validation issues, dates,
 * boundaries), kept per holding, reader and year with the data revision they were built in, as the year lists
 * are: every unrestricted member of a holding reads the same cards, and building them means running the whole
 * holding validation. A change to fields, field years, croppings or cropping permissions moves the revision on
 * (migration 0006), and a new crop year changes the holding's years, so cards of another state are never
 * answered. One instance per app.
 */
export class KeptCards<T> {
  private readonly entries = new Map<string, Entry<T>>();

  /** The cards of `slot` in `state`, built with `build` unless kept; a failed build is not kept. */
  get(slot: string, state: string, build: () => Promise<T>): Promise<T> {
    const kept = this.entries.get(slot);
    this.entries.delete(slot);
    if (kept && kept.state === state) {
      this.entries.set(slot, kept);
      return kept.cards;
    }
    const cards = build();
    const entry = { state, cards };
    this.entries.set(slot, entry);
    cards.catch(() => {
      if (this.entries.get(slot) === entry) this.entries.delete(slot);
    });
    while (this.entries.size > keptEntries) this.entries.delete(this.entries.keys().next().value!);
    return cards;
  }
}
