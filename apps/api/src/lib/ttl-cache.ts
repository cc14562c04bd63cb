/**
 * A small in-process cache for public catalog answers. Browsing sends the
 * same few questions over and over (the first page, a category, the home
 * page's cars); answering them from memory for a few seconds spares the
 * database, which on the embedded PGlite is one thread shared with the API.
 * Staleness is bounded by the TTL, and writers that change the catalog call
 * `clear()` (through CatalogService.invalidate()). Bookings are never decided
 * here: the booking step checks availability against the database itself.
 */
export class TtlCache<V> {
  private readonly entries = new Map<string, { value: Promise<V>; expires: number }>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 1000,
    private readonly now: () => number = Date.now,
  ) {}

  /** The cached answer for `key`, else `load()`'s (shared by callers that ask meanwhile). */
  get(key: string, load: () => Promise<V>): Promise<V> {
    const t = this.now();
    this.forgetExpired(t);
    const hit = this.entries.get(key);
    if (hit && hit.expires > t) return hit.value;
    if (this.entries.size >= this.maxEntries) {
      // Drop the oldest entry (Map keeps insertion order).
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    const value = load();
    // To the back of the line (a Map keeps a replaced key where it was): the order is the expiry order.
    this.entries.delete(key);
    this.entries.set(key, { value, expires: t + this.ttlMs });
    // A failure is not remembered.
    value.catch(() => {
      if (this.entries.get(key)?.value === value) this.entries.delete(key);
    });
    return value;
  }

  /** How many answers are kept (expired ones included until the next question). */
  get size(): number {
    return this.entries.size;
  }

  /**
   * Entries are kept in the order they expire (one TTL for all; a new load goes to the back,
   * see get()), so the expired ones are at the front: a burst of one-off questions (a crowd
   * searching) is let go as soon as the next question comes, not kept until maxEntries pushes it out.
   */
  private forgetExpired(t: number): void {
    for (const [key, entry] of this.entries) {
      if (entry.expires > t) break;
      this.entries.delete(key);
    }
  }

  clear(): void {
    this.entries.clear();
  }
}
