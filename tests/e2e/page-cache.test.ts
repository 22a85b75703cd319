import { readFileSync } from "node:fs";
import { get } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rawRequest } from "../reliability/support/raw-http.ts";
import { password, publish, signedIn, signedUp } from "../support/author.ts";
import { type RunningServer, startServer } from "../support/server.ts";
import { Visitor, visibleText } from "../support/visitor.ts";

/** Whether the answer came from a page cache: cached answers carry no request id. */
const fromCache = (response: Response) => response.headers.get("x-request-id") === null;

/** The server's resident memory in MB, as the kernel counts it. */
function residentMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(status.match(/VmRSS:\s+(\d+) kB/)?.[1] ?? 0) / 1024;
}

describe("the page cache for visitors", () => {
  let first: RunningServer;
  let second: RunningServer;
  let author: Visitor;

  beforeAll(async () => {
    // One thread each: every thread keeps a cache of its own, and these tests look at one.
    first = await startServer({ WEB_CONCURRENCY: "1" });
    // A second instance on the same database, as behind a load balancer.
    second = await startServer({ DATA_DIR: first.dataDir, WEB_CONCURRENCY: "1" });
    author = await signedUp(first.url, "cache@example.com");
  });
  afterAll(async () => {
    await second?.stop();
    await first?.stop();
  });

  it("answers repeat visits with an ETag, 304 when unchanged, and compressed bodies", async () => {
    // The first visit fills the cache (once the content version has been read after start-up).
    const cached = () => fetch(`${first.url}/about`, { headers: { "accept-encoding": "br" } });
    await expect.poll(async () => (await cached()).headers.get("etag"), { timeout: 3000 }).toBeTruthy();
    const response = await cached();
    expect(response.headers.get("cache-control")).toBe("public, max-age=0, must-revalidate");
    expect(response.headers.get("content-encoding")).toBe("br");
    const etag = response.headers.get("etag") as string;
    expect(etag).toMatch(/^".+"$/);
    expect(visibleText(await response.text())).toContain("Woollahra");
    const again = await fetch(`${first.url}/about`, { headers: { "if-none-match": etag } });
    expect(again.status).toBe(304);
  });

  it("shows a new post at once on the same instance, and within a second on another", async () => {
    for (const server of [first, second]) await fetch(`${server.url}/home`);
    await fetch(`${first.url}/home`);
    expect((await publish(author, { title: "Fresh from the press", content: "Words." })).status).toBe(303);
    expect(visibleText(await (await fetch(`${first.url}/home`)).text())).toContain("Fresh from the press");
    // The other instance re-reads the version twice a second.
    await expect
      .poll(async () => visibleText(await (await fetch(`${second.url}/home`)).text()), { timeout: 1500 })
      .toContain("Fresh from the press");
  });

  it("shows a new post at once on every thread of an instance", async () => {
    const threaded = await startServer({ DATA_DIR: first.dataDir, WEB_CONCURRENCY: "4" });
    // Each request on a connection of its own, so the kernel hands them to all four threads.
    const homeOnNewConnection = () =>
      new Promise<string>((resolve, reject) => {
        get(`${threaded.url}/home`, { agent: false }, (response) => {
          let body = "";
          response.setEncoding("utf8");
          response.on("data", (chunk: string) => {
            body += chunk;
          });
          response.on("end", () => resolve(visibleText(body)));
        }).on("error", reject);
      });
    // Every thread reads the content version before it listens; then each caches /home.
    for (let i = 0; i < 40; i++) await homeOnNewConnection();
    const writer = await signedIn(threaded.url, "cache@example.com");
    expect((await publish(writer, { title: "Seen by every thread", content: "Words." })).status).toBe(303);
    const stale: number[] = [];
    for (let i = 0; i < 40; i++) {
      if (!(await homeOnNewConnection()).includes("Seen by every thread")) stale.push(i);
    }
    await threaded.stop();
    expect(stale).toEqual([]);
  });

  it("never serves a cached page to a signed-in user, or one with a notice waiting", async () => {
    await fetch(`${first.url}/woollahra`);
    await fetch(`${first.url}/woollahra`);
    const signedIn = await author.get("/woollahra");
    expect(signedIn.headers.get("etag")).toBeNull();
    expect(visibleText(await signedIn.text())).toContain("cache@example.com");
    const withNotice = await fetch(`${first.url}/woollahra`, { headers: { cookie: "wm_toast=anything" } });
    expect(withNotice.headers.get("etag")).toBeNull();
  });

  it("marks signed-in pages and pages with a notice private, and visitors' pages public", async () => {
    for (const path of ["/woollahra", "/home", "/dashboard"]) {
      expect((await author.get(path)).headers.get("cache-control"), path).toBe("private, no-store");
    }
    // A notice in waiting (signed, as the site sets it) taken to a page visitors share.
    const newcomer = new Visitor(first.url);
    await newcomer.register("notice@example.com", password);
    const notice = `wm_toast=${newcomer.cookies.get("wm_toast")}`;
    const withNotice = await fetch(`${first.url}/home`, { headers: { cookie: notice } });
    expect(visibleText(await withNotice.text())).toContain("User registered");
    expect(withNotice.headers.get("cache-control")).toBe("private, no-store");
    expect((await fetch(`${first.url}/home`)).headers.get("cache-control")).toBe(
      "public, max-age=0, must-revalidate",
    );
    expect((await fetch(`${first.url}/login`)).headers.get("cache-control")).toBe("private, no-store");
  });

  // The recipe: a session cookie the cache did not recognise (a no-break space before its
  // name), sent to an address the cache kept, on every thread.
  it("never shows a visitor a signed-in page, however the cookie or the address is spelt", async () => {
    const threaded = await startServer({ DATA_DIR: first.dataDir, WEB_CONCURRENCY: "2" });
    try {
      const session = `wm.session_token=${author.cookies.get("wm.session_token")}`;
      const paths = ["/home?x", "/Home", "/home", "/about?x", "/ABOUT", "/%68ome?x"];
      const cookies = [
        `\u00a0${session}`,
        ` ${session}`,
        `\t${session}`,
        `a=1;\u00a0${session}`,
        `a=1;;${session}`,
      ];
      for (const path of paths) {
        for (const cookie of cookies) {
          for (let i = 0; i < 3; i++) {
            const probe = await rawRequest(threaded.url, {
              method: "GET",
              path,
              headers: { cookie, "accept-encoding": "br" },
            });
            expect([200, 404]).toContain(probe.status);
          }
        }
      }
      const leaks: string[] = [];
      for (const path of [...paths, "/about"]) {
        for (let i = 0; i < 6; i++) {
          const page = await rawRequest(threaded.url, { method: "GET", path });
          if (page.body.includes("cache@example.com")) leaks.push(path);
        }
      }
      expect(leaks).toEqual([]);
    } finally {
      await threaded.stop();
    }
  });

  it("keeps the pages visitors come back to through a flood of made-up addresses, within its memory", async () => {
    await fetch(`${first.url}/`);
    await expect.poll(async () => fromCache(await fetch(`${first.url}/`)), { timeout: 3000 }).toBe(true);
    const before = residentMb(first.pid);
    const addresses = Array.from(
      { length: 2000 },
      (_, i) =>
        [`/?v=${i}`, `/home?page=${i + 2}`, `/blog/made-up-${i}`, `/About?${i}`, `/woollahra?utm=${i}`][
          i % 5
        ],
    );
    for (let i = 0; i < addresses.length; i += 8) {
      await Promise.all(
        addresses.slice(i, i + 8).map(async (path) => (await fetch(`${first.url}${path}`)).text()),
      );
    }
    const after = residentMb(first.pid);
    console.log(
      `page cache flood: server RSS ${before.toFixed(0)} MB before, ${after.toFixed(0)} MB after 2 000 addresses`,
    );
    expect(fromCache(await fetch(`${first.url}/`))).toBe(true);
    expect(fromCache(await fetch(`${first.url}/?another=1`))).toBe(true);
    expect(after - before).toBeLessThan(64);
  });

  it("keeps what varies per visitor out of the cache: 404s and signed-in pages", async () => {
    const missing = await fetch(`${first.url}/no-such-page`);
    await fetch(`${first.url}/no-such-page`);
    expect(missing.status).toBe(404);
    expect((await fetch(`${first.url}/no-such-page`)).headers.get("etag")).toBeNull();
    expect((await fetch(`${first.url}/login`)).headers.get("etag")).toBeNull();
  });
});
