import { describe, expect, it } from "vitest";
import { SegmentedLru } from "../../server/reading-pages/segmented-lru.ts";

const page = (bytes: number) => ({ bytes });

describe("the segmented LRU the page cache keeps its pages in", () => {
  it("never holds more bytes than its bound, and keeps nothing larger than the bound", () => {
    const cache = new SegmentedLru<{ bytes: number }>(10_000);
    for (let i = 0; i < 5_000; i++) {
      cache.set(`/blog/post-${i}`, page(100 + (i % 7) * 50));
      if (i % 3 === 0) cache.get(`/blog/post-${i}`);
      expect(cache.bytes).toBeLessThanOrEqual(10_000);
    }
    cache.set("/huge", page(10_001));
    expect(cache.get("/huge")).toBeUndefined();
  });

  it("keeps a page visitors come back to while a flood of one-off addresses passes through", () => {
    const cache = new SegmentedLru<{ bytes: number }>(100_000);
    cache.set("/", page(5_000));
    cache.get("/");
    for (let i = 0; i < 2_000; i++) cache.set(`/flood-${i}`, page(5_000));
    expect(cache.get("/")).toEqual(page(5_000));
    // The flood holds probation's fifth of the bytes, not the room protected leaves.
    expect(cache.bytes).toBe(5_000 + 20_000);
  });

  it("lets a one-off page go first, and keeps a replaced protected page protected", () => {
    const cache = new SegmentedLru<{ bytes: number }>(5_000);
    cache.set("/", page(300));
    cache.get("/");
    cache.set("/", page(350));
    for (let i = 0; i < 20; i++) cache.set(`/flood-${i}`, page(100));
    expect(cache.get("/")).toEqual(page(350));
    expect(cache.get("/flood-0")).toBeUndefined();
    expect(cache.get("/flood-19")).toEqual(page(100));
  });

  it("moves the least recently used protected pages back to probation when protected is full", () => {
    const cache = new SegmentedLru<{ bytes: number }>(1_000);
    const keys = ["/a", "/b", "/c", "/d", "/e"];
    for (const key of keys) {
      cache.set(key, page(200));
      cache.get(key);
    }
    // 1 000 bytes asked for twice: the protected share (800) holds four, and /a, the least
    // recently used, waits in probation (200) again.
    expect(cache.bytes).toBe(1_000);
    for (const key of keys) expect(cache.get(key)).toEqual(page(200));
    cache.set("/f", page(200));
    expect(cache.bytes).toBe(1_000);
    expect(cache.get("/f")).toEqual(page(200));
  });

  it("keeps no page larger than probation, where every page waits first, but lets a protected one grow", () => {
    const cache = new SegmentedLru<{ bytes: number }>(1_000);
    cache.set("/big", page(201));
    expect(cache.get("/big")).toBeUndefined();
    cache.set("/", page(100));
    cache.get("/");
    cache.set("/", page(750));
    expect(cache.get("/")).toEqual(page(750));
    expect(cache.bytes).toBeLessThanOrEqual(1_000);
  });
});
