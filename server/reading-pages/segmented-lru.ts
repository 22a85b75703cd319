import { LRUCache } from "lru-cache";

/**
 * A cache bounded by bytes that a flood of one-off keys cannot empty: a new entry waits in
 * probation, and only one asked for again moves to the protected segment, which holds most
 * of the bytes (segmented LRU). Both segments are `lru-cache`s; probation gets whatever bytes
 * protected leaves. Entries larger than the whole bound are not kept.
 */
export class SegmentedLru<V extends { bytes: number }> {
  private readonly probation: LRUCache<string, V>;
  private readonly protected: LRUCache<string, V>;
  private readonly maxBytes: number;

  constructor(maxBytes: number, protectedShare = 0.8) {
    this.maxBytes = maxBytes;
    const sizeCalculation = (value: V) => Math.max(1, value.bytes);
    this.probation = new LRUCache({ maxSize: maxBytes, sizeCalculation });
    this.protected = new LRUCache({
      maxSize: Math.floor(maxBytes * protectedShare),
      sizeCalculation,
      // The least recently used protected entries go back to probation, not out.
      dispose: (value, key, reason) => {
        if (reason === "evict") this.probation.set(key, value);
      },
    });
  }

  get bytes(): number {
    return this.probation.calculatedSize + this.protected.calculatedSize;
  }

  get size(): number {
    return this.probation.size + this.protected.size;
  }

  get(key: string): V | undefined {
    const kept = this.protected.get(key);
    if (kept) return kept;
    const waiting = this.probation.get(key);
    // One larger than the protected share stays where it is: protected could not hold it.
    if (!waiting || !this.fitsProtected(waiting)) return waiting;
    this.probation.delete(key);
    this.protected.set(key, waiting);
    this.fit();
    return waiting;
  }

  /** Adds or replaces an entry; a replaced protected entry stays protected. */
  set(key: string, value: V): void {
    const segment = this.protected.has(key) && this.fitsProtected(value) ? this.protected : this.probation;
    this.delete(key);
    if (value.bytes > this.maxBytes) return;
    segment.set(key, value);
    this.fit();
  }

  delete(key: string): void {
    this.probation.delete(key);
    this.protected.delete(key);
  }

  private fitsProtected(value: V): boolean {
    return value.bytes <= this.protected.maxSize;
  }

  /** Probation's least recently used entries go while both segments hold more than the bound. */
  private fit(): void {
    while (this.bytes > this.maxBytes && this.probation.size > 0) this.probation.pop();
  }
}
