import { LRUCache } from "lru-cache";

/**
 * A cache bounded by bytes that a flood of one-off keys cannot fill (segmented LRU): a new
 * entry waits in probation, a fifth of the bytes, and only one asked for again moves to the
 * protected segment, which holds the rest. Protected's least recently used entries go back to
 * probation. Both segments are `lru-cache`s; an entry larger than probation is not kept.
 */
export class SegmentedLru<V extends { bytes: number }> {
  private readonly probation: LRUCache<string, V>;
  private readonly protected: LRUCache<string, V>;

  constructor(maxBytes: number, protectedShare = 0.8) {
    const sizeCalculation = (value: V) => Math.max(1, value.bytes);
    const protectedBytes = Math.floor(maxBytes * protectedShare);
    this.probation = new LRUCache({ maxSize: maxBytes - protectedBytes, sizeCalculation });
    this.protected = new LRUCache({
      maxSize: protectedBytes,
      sizeCalculation,
      dispose: (value, key, reason) => {
        if (reason === "evict") this.probation.set(key, value);
      },
    });
  }

  get bytes(): number {
    return this.probation.calculatedSize + this.protected.calculatedSize;
  }

  get(key: string): V | undefined {
    const kept = this.protected.get(key);
    if (kept) return kept;
    const waiting = this.probation.get(key);
    if (!waiting) return undefined;
    this.probation.delete(key);
    this.protected.set(key, waiting);
    return waiting;
  }

  /** Adds or replaces an entry; a replaced protected entry stays protected. */
  set(key: string, value: V): void {
    const segment = this.protected.has(key) ? this.protected : this.probation;
    this.delete(key);
    segment.set(key, value);
  }

  delete(key: string): void {
    this.probation.delete(key);
    this.protected.delete(key);
  }
}
