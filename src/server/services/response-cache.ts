// A short-lived cache of public list responses, so a burst of guests costs one query.
// Writes that change what lists show (favourite counts, offers) clear it; view counts may lag by
// at most the TTL.
export class ResponseCache {
  private readonly entries = new Map<string, { body: string; expiresAt: number }>();
  private readonly pending = new Map<string, Promise<string>>();

  constructor(private readonly ttlMs: number, private readonly maxEntries = 5_000) {}

  async get(key: string, produce: () => Promise<unknown>): Promise<string> {
    if (this.ttlMs <= 0) return JSON.stringify(await produce());
    const hit = this.entries.get(key);
    if (hit && hit.expiresAt > Date.now()) return hit.body;
    // Concurrent misses for one key share a single query.
    const inFlight = this.pending.get(key);
    if (inFlight) return inFlight;
    const work = produce().then((value) => {
      const body = JSON.stringify(value);
      if (this.entries.size >= this.maxEntries) this.entries.clear();
      this.entries.set(key, { body, expiresAt: Date.now() + this.ttlMs });
      return body;
    }).finally(() => this.pending.delete(key));
    this.pending.set(key, work);
    return work;
  }

  clear() { this.entries.clear(); }
}
