import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { personalCacheControl, publicPageCacheControl } from "~/http/http-policy.ts";
import { PageCache } from "../../server/reading-pages/page-cache.ts";
import { audienceOf } from "../../server/reading-pages/sharing.ts";

/**
 * The page cache in front of a small application on loopback that answers as it is told:
 * `?as=` says what the application marks the page (public, personal, none), `?cookie` makes it
 * set a cookie. The cache must keep only what the application marked public.
 */
describe("the page cache", () => {
  let server: Server;
  let base: string;
  let rendered = 0;
  let version: number | undefined = 1;
  let day = "2026-11-30";
  const cache = new PageCache({
    maxBytes: 200_000,
    version: () => version,
    day: () => day,
    policyFor: (body) => `script-src 'sha256-${body.length}'`,
  });

  beforeAll(async () => {
    server = createServer((req, res) => {
      // As the server's entry point does: only a visitor's request for a cacheable address has a key.
      const key = audienceOf(req) === "anyone" && req.url?.startsWith("/page") ? req.url : undefined;
      if (key !== undefined && cache.serve(req, res, key)) return;
      if (key !== undefined) cache.record(req, res, key);
      rendered++;
      const url = new URL(req.url ?? "/", "http://localhost");
      const as = url.searchParams.get("as");
      if (as === "public") res.setHeader("Cache-Control", publicPageCacheControl);
      if (as === "personal") res.setHeader("Cache-Control", personalCacheControl);
      if (url.searchParams.has("cookie")) res.setHeader("Set-Cookie", "wm_toast=x");
      res.statusCode = url.searchParams.has("missing") ? 404 : 200;
      res.setHeader("Content-Type", "text/html; charset=utf-8");
      res.setHeader("Content-Security-Policy", "script-src 'nonce-rendered'");
      res.end(`<p>${url.searchParams.get("text") ?? "page"}</p>`);
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  async function servedFromCache(path: string, headers: Record<string, string> = {}): Promise<boolean> {
    const before = rendered;
    await (await fetch(`${base}${path}`, { headers })).text();
    return rendered === before;
  }

  it("keeps a page the application marked public, and answers it with a policy of its own", async () => {
    expect(await servedFromCache("/page-a?as=public")).toBe(false);
    const again = await fetch(`${base}/page-a?as=public`);
    expect(again.headers.get("cache-control")).toBe(publicPageCacheControl);
    expect(again.headers.get("content-security-policy")).toBe("script-src 'sha256-11'");
    expect(again.headers.get("etag")).toMatch(/^".+"$/);
    expect(await servedFromCache("/page-a?as=public")).toBe(true);
  });

  it.each([
    ["marked personal", "/page-b?as=personal"],
    ["not marked at all", "/page-c?as=none"],
    ["setting a cookie", "/page-d?as=public&cookie"],
    ["not found", "/page-e?as=public&missing"],
    ["on a route with no key", "/other?as=public"],
  ])("never keeps a page %s", async (_, path) => {
    await fetch(`${base}${path}`);
    expect(await servedFromCache(path)).toBe(false);
  });

  it("does not answer a request with a session or notice from the cache", async () => {
    await fetch(`${base}/page-f?as=public`);
    expect(await servedFromCache("/page-f?as=public")).toBe(true);
    expect(await servedFromCache("/page-f?as=public", { cookie: "a=1;\twm.session_token=abc" })).toBe(false);
    expect(await servedFromCache("/page-f?as=public", { cookie: "wm_toast=hello" })).toBe(false);
  });

  it("makes a page again on the next day in Sydney, though no content changed", async () => {
    expect(await servedFromCache("/page-day?as=public")).toBe(false);
    expect(await servedFromCache("/page-day?as=public")).toBe(true);
    day = "2026-12-01";
    expect(await servedFromCache("/page-day?as=public")).toBe(false);
    expect(await servedFromCache("/page-day?as=public")).toBe(true);
  });

  it("does not keep a page made while the content version was unknown", async () => {
    version = undefined;
    await fetch(`${base}/page-g?as=public`);
    version = 1;
    expect(await servedFromCache("/page-g?as=public")).toBe(false);
  });

  it("stays within its bytes however many pages are asked for", async () => {
    for (let i = 0; i < 300; i++) await fetch(`${base}/page-${i}?as=public&text=${"x".repeat(2000)}`);
    expect(cache.bytes).toBeLessThanOrEqual(200_000);
    expect(cache.bytes).toBeGreaterThan(0);
  });

  it("counts a page as the memory its copies are in, and that is their own bytes: many small pages fit", async () => {
    // zlib's output and a small Buffer are views into blocks of 64 KB, which a kept view keeps
    // whole and the cache counts whole: kept as views, three of these pages would fill it.
    const pages = Array.from({ length: 300 }, (_, i) => `/page-small-${i}?as=public&text=${"y".repeat(500)}`);
    for (const page of pages) await fetch(`${base}${page}`);
    expect(cache.bytes).toBeLessThanOrEqual(200_000);
    for (const page of pages.slice(-30)) expect(await servedFromCache(page)).toBe(true);
  });
});
