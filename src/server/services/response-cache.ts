// A short-lived cache of public responses and counts, so a burst of guests costs one query.
// Writes that change what lists show (favourite counts, offers) clear it; view counts may lag by
// about the TTL. An expired entry is served once more while one refresh runs in the background,
// so no request waits on the database after the first.
// lru-cache holds the entries, dropping the least recently used past maxEntries (not everything
// at once). The expiry rule stays ours: lru-cache's stale-while-revalidate (fetch with allowStale)
// serves a stale value however old it is and takes its producer per cache rather than per call.
import { LRUCache } from 'lru-cache';

export class ResponseCache {
  private readonly entries: LRUCache<string, { value: unknown; expiresAt: number }>;
  private readonly pending = new Map<string, Promise<unknown>>();

  constructor(
    private readonly ttlMs: number,
    maxEntries = 5_000,
  ) {
    this.entries = new LRUCache({ max: maxEntries });
  }

  /**
   * The value under `key`, produced at most once per TTL; concurrent misses share one production.
   * `ttlFactor` keeps slow-changing values (totals) longer than the default TTL.
   */
  async remember<T>(key: string, produce: () => Promise<T>, ttlFactor = 1): Promise<T> {
    const ttlMs = this.ttlMs * ttlFactor;
    if (ttlMs <= 0) return produce();
    const entry = this.entries.get(key);
    const now = Date.now();
    if (entry && entry.expiresAt > now) return entry.value as T;
    // Stale within one more TTL: answer with it and refresh behind it.
    if (entry && entry.expiresAt + ttlMs > now) {
      this.refresh(key, produce, ttlMs).catch(() => {}); // a failed refresh leaves the entry to expire
      return entry.value as T;
    }
    return this.refresh(key, produce, ttlMs);
  }

  private refresh<T>(key: string, produce: () => Promise<T>, ttlMs: number): Promise<T> {
    const inFlight = this.pending.get(key);
    if (inFlight) return inFlight as Promise<T>;
    const work = produce()
      .then((value) => {
        this.entries.set(key, { value, expiresAt: Date.now() + ttlMs });
        return value;
      })
      .finally(() => this.pending.delete(key));
    this.pending.set(key, work);
    return work;
  }

  /** A JSON body, serialised once per TTL. */
  json(key: string, produce: () => Promise<unknown>): Promise<string> {
    return this.remember(`json:${key}`, async () => JSON.stringify(await produce()));
  }

  clear() {
    this.entries.clear();
  }
}
