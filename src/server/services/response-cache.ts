// A short-lived cache of public responses and counts, so a burst of guests costs one query.
// Writes that change what lists show (favourite counts, offers) clear it; view counts may lag by
// at most the TTL.
export class ResponseCache {
  private readonly entries = new Map<string, { value: unknown; expiresAt: number }>();
  private readonly pending = new Map<string, Promise<unknown>>();

  constructor(private readonly ttlMs: number, private readonly maxEntries = 5_000) {}

  /** The value under `key`, produced once per TTL; concurrent misses share one production. */
  async remember<T>(key: string, produce: () => Promise<T>): Promise<T> {
    if (this.ttlMs <= 0) return produce();
    const hit = this.entries.get(key);
    if (hit && hit.expiresAt > Date.now()) return hit.value as T;
    const inFlight = this.pending.get(key);
    if (inFlight) return inFlight as Promise<T>;
    const work = produce().then((value) => {
      if (this.entries.size >= this.maxEntries) this.entries.clear();
      this.entries.set(key, { value, expiresAt: Date.now() + this.ttlMs });
      return value;
    }).finally(() => this.pending.delete(key));
    this.pending.set(key, work);
    return work;
  }

  /** A JSON body, serialised once per TTL. */
  json(key: string, produce: () => Promise<unknown>): Promise<string> {
    return this.remember(`json:${key}`, async () => JSON.stringify(await produce()));
  }

  clear() { this.entries.clear(); }
}
