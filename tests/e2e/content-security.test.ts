import { createHash } from "node:crypto";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signedUp } from "../support/author.ts";
import { chromiumPath, launchBrowser, watchedPage } from "../support/browser.ts";
import { type RunningServer, startServer } from "../support/server.ts";
import type { Visitor } from "../support/visitor.ts";

const policyNonce = (policy: string | null) =>
  policy?.match(/script-src 'nonce-([A-Za-z0-9+/=]+)' 'strict-dynamic'/)?.[1];

/** The nonces on the page's executable scripts (JSON-LD data blocks do not run). */
function scriptNonces(html: string): (string | undefined)[] {
  return [...html.matchAll(/<script\b([^>]*)>/g)]
    .map((match) => match[1] as string)
    .filter((attributes) => !attributes.includes('type="application/ld+json"'))
    .map((attributes) => attributes.match(/nonce="([^"]+)"/)?.[1]);
}

/** The SHA-256 of each inline script that runs, as a policy names it. */
function inlineScriptHashes(html: string): string[] {
  return [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)]
    .filter(([, attributes = ""]) => !attributes.includes("src=") && !attributes.includes("ld+json"))
    .map(([, , text = ""]) => createHash("sha256").update(text).digest("base64"));
}

describe("the script policy (CSP nonces)", () => {
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await startServer();
    if (chromiumPath) browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it("gives every rendered page a fresh nonce that all its scripts carry", async () => {
    const visitor = await signedUp(server.url, "nonce@example.com");
    const seen = new Set<string>();
    for (const path of ["/dashboard", "/dashboard", "/create-post"]) {
      const response = await visitor.get(path);
      const policy = response.headers.get("content-security-policy");
      expect(policy).toContain("default-src 'self'");
      expect(policy).toContain("img-src 'self' data: blob:;");
      expect(policy).toContain("object-src 'none'");
      expect(policy).toContain("frame-ancestors 'none'");
      const nonce = policyNonce(policy);
      expect(nonce, path).toMatch(/^[A-Za-z0-9+/]{22}==$/);
      const nonces = scriptNonces(await response.text());
      expect(nonces.length).toBeGreaterThan(0);
      expect(new Set(nonces)).toEqual(new Set([nonce]));
      seen.add(nonce as string);
    }
    expect(seen.size).toBe(3);
  });

  it("serves a cached page with a policy of its own: its scripts by hash, and no nonce replayed", async () => {
    // Each thread renders the page once before its cache has it (decision 011), so visit
    // until two answers have come from a cache (cached answers carry no request id).
    const cachedPolicies: string[] = [];
    for (let visit = 0; visit < 40 && cachedPolicies.length < 2; visit++) {
      const response = await fetch(`${server.url}/woollahra`);
      const policy = response.headers.get("content-security-policy") ?? "";
      const html = await response.text();
      if (response.headers.get("x-request-id") === null) {
        expect(policy).not.toContain("'nonce-");
        expect(policy).toContain("script-src 'self' 'sha256-");
        for (const hash of inlineScriptHashes(html)) expect(policy).toContain(`'sha256-${hash}'`);
        cachedPolicies.push(policy);
      } else {
        expect(new Set(scriptNonces(html))).toEqual(new Set([policyNonce(policy)]));
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(cachedPolicies.length).toBe(2);
  });

  it("ignores a nonce a client tries to choose", async () => {
    const response = await fetch(`${server.url}/login`, { headers: { "x-csp-nonce": "chosen-by-client" } });
    const html = await response.text();
    expect(html).not.toContain("chosen-by-client");
    expect(response.headers.get("content-security-policy")).not.toContain("chosen-by-client");
  });

  describe.skipIf(!chromiumPath)("in Chromium", () => {
    const appPages = ["/login", "/register", "/create-post"];

    const openWatched = (path: string, visitor?: Visitor) =>
      watchedPage(browser, `${server.url}${path}`, { visitor, app: appPages.includes(path) });

    it.each(["/", "/home", "/woollahra", "/about", "/alex-example", "/login", "/register"])(
      "runs %s's scripts (small scripts, speculation rules, or the app's) with no policy violations",
      async (path) => {
        const { problems, close } = await openWatched(path);
        expect(problems).toEqual([]);
        await close();
      },
    );

    it("runs a cached page's scripts and speculation rules with no policy violations", async () => {
      await expect
        .poll(async () => (await fetch(`${server.url}/about`)).headers.get("x-request-id"), { timeout: 5000 })
        .toBeNull();
      const { problems, close } = await openWatched("/about");
      expect(problems).toEqual([]);
      await close();
    });

    it("runs the editor's scripts for a signed-in author with no policy violations", async () => {
      const visitor = await signedUp(server.url, "editor-csp@example.com");
      const { page, problems, close } = await openWatched("/create-post", visitor);
      await page.getByLabel("Content (Markdown)").fill("**Bold** words");
      await expect.poll(() => page.locator("strong", { hasText: "Bold" }).count()).toBeGreaterThan(0);
      expect(problems).toEqual([]);
      await close();
    });

    it("blocks scripts and handlers that slipped into a page without the nonce", async () => {
      const context = await browser.newContext();
      const page = await context.newPage();
      // Stands for markup that got past every other defence: the policy is the last one.
      await page.route(`${server.url}/about`, async (route) => {
        const response = await route.fetch();
        const injected = (await response.text()).replace(
          "</main>",
          `<script>window.injected = "inline"</script><img src="/none.png" onerror="window.injected = 'handler'"></main>`,
        );
        await route.fulfill({ response, body: injected });
      });
      const violations: string[] = [];
      page.on("console", (message) => violations.push(message.text()));
      await page.addInitScript(() => {
        document.addEventListener("securitypolicyviolation", (event) => {
          console.error(`CSP violation: ${event.violatedDirective}`);
        });
      });
      await page.goto(`${server.url}/about`);
      await page.locator("html[data-enhanced]").waitFor();
      expect(
        await page.evaluate(() => (window as unknown as { injected?: string }).injected),
      ).toBeUndefined();
      expect(violations.filter((text) => text.startsWith("CSP violation")).length).toBeGreaterThanOrEqual(2);
      await context.close();
    });
  });
});
