/**
 * A cache bounded by bytes that a flood of one-off keys cannot empty: a new entry waits in a
 * small probation segment, and only one asked for again moves to the protected segment, which
 * holds most of the bytes (segmented LRU). Entries larger than the whole bound are not kept.
 */
export class SegmentedLru<V extends { bytes: number }> {
  private readonly probation = new Map<string, V>();
  private readonly protected = new Map<string, V>();
  private probationBytes = 0;
  private protectedBytes = 0;
  private readonly maxBytes: number;
  private readonly maxProtectedBytes: number;

  constructor(maxBytes: number, protectedShare = 0.8) {
    this.maxBytes = maxBytes;
    this.maxProtectedBytes = Math.floor(maxBytes * protectedShare);
  }

  get bytes(): number {
    return this.probationBytes + this.protectedBytes;
  }

  get size(): number {
    return this.probation.size + this.protected.size;
  }

  get(key: string): V | undefined {
    const kept = this.protected.get(key);
    if (kept) {
      this.protected.delete(key);
      this.protected.set(key, kept);
      return kept;
    }
    const waiting = this.probation.get(key);
    if (!waiting) return undefined;
    this.probation.delete(key);
    this.probationBytes -= waiting.bytes;
    this.addProtected(key, waiting);
    return waiting;
  }

  /** Adds or replaces an entry; a replaced protected entry stays protected. */
  set(key: string, value: V): void {
    const wasProtected = this.protected.has(key);
    this.delete(key);
    if (value.bytes > this.maxBytes) return;
    if (wasProtected) {
      this.addProtected(key, value);
    } else {
      this.probation.set(key, value);
      this.probationBytes += value.bytes;
      this.evict();
    }
  }

  delete(key: string): void {
    const waiting = this.probation.get(key);
    if (waiting) {
      this.probation.delete(key);
      this.probationBytes -= waiting.bytes;
    }
    const kept = this.protected.get(key);
    if (kept) {
      this.protected.delete(key);
      this.protectedBytes -= kept.bytes;
    }
  }

  private addProtected(key: string, value: V): void {
    this.protected.set(key, value);
    this.protectedBytes += value.bytes;
    // The least recently used protected entries go back to probation, not out.
    for (const [oldKey, old] of this.protected) {
      if (this.protectedBytes <= this.maxProtectedBytes) break;
      this.protected.delete(oldKey);
      this.protectedBytes -= old.bytes;
      this.probation.set(oldKey, old);
      this.probationBytes += old.bytes;
    }
    this.evict();
  }

  private evict(): void {
    for (const [key, value] of this.probation) {
      if (this.bytes <= this.maxBytes) return;
      this.probation.delete(key);
      this.probationBytes -= value.bytes;
    }
  }
}
