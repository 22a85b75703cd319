import type { Browser, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { personalCacheControl } from "~/http/http-policy.ts";
import { publish, signedIn, signedUp, uploadCover } from "../support/author.ts";
import { chromiumPath, launchBrowser, watchedPage } from "../support/browser.ts";
import { type RunningServer, startServer } from "../support/server.ts";
import { serverDialects } from "../support/server-dialects.ts";
import type { Visitor } from "../support/visitor.ts";

/** Reading pages as the brief names them, with a profile (Copy) and the page with the map. */
const readingPages = ["/", "/home", "/woollahra", "/about", "/alex-example"];

const scriptSources = (html: string) =>
  [...html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"/g)].map((match) => match[1] as string);
/** A reading page's small script by its name (app/reading-scripts/), built with a hash in its file name. */
const readingScript = (src: string) => src.match(/^\/assets\/(menus|copy|map)-[\w-]{8}\.js$/)?.[1];
const withoutNonces = (html: string) => html.replace(/ nonce="[^"]*"/g, "");

/** The navbar's account area for a visitor (Login, Register) and for a signed-in reader (up to the user menu's end). */
const anonymousAccount = /<li><a href="\/login"[\s\S]*?>Register<\/a><\/li>/;
const readerAccount = /<li><a href="\/create-post"[\s\S]*?<\/details><\/li>/;

describe.each(serverDialects)("reading pages are documents ($name)", (dialect) => {
  let server: RunningServer;
  let dispose: () => Promise<void>;
  let reader: Visitor;
  let post: string;
  let browser: Browser | undefined;

  beforeAll(async () => {
    const prepared = await dialect.prepare();
    dispose = prepared.dispose;
    server = await startServer(prepared.env);
    reader = await signedUp(server.url, "reader@example.com");
    const published = await publish(reader, {
      title: 'A <b>bold</b> & "quoted" walk down Moncur Street',
      content: "Past the terraces to the village.",
      coverImageId: await uploadCover(reader),
    });
    expect(published.status).toBe(303);
    const home = await (await fetch(`${server.url}/home`)).text();
    post = home.match(/href="(\/blog\/[^"]+)"/)?.[1] ?? "";
    if (chromiumPath && dialect.name === "sqlite") browser = await launchBrowser();
    // A cover's processing on a busy machine can take much of a minute.
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await dispose?.();
  });

  it("puts a waiting notice into a signed-in reader's page once, and clears it", async () => {
    // The publish's notice (in beforeAll) waits in the reader's cookies: their next page shows it.
    const response = await reader.get("/about");
    expect(response.headers.get("cache-control")).toBe(personalCacheControl);
    expect(await response.text()).toContain("Data saved successfully");
    expect(
      response.headers
        .getSetCookie()
        .some((cookie) => cookie.startsWith("wm_toast=") && /max-age=0/i.test(cookie)),
    ).toBe(true);
    expect(await (await reader.get("/about")).text()).not.toContain("Data saved successfully");
  });

  it("sends reading pages without React Router's scripts: only the small scripts and speculation rules", async () => {
    for (const path of [...readingPages, post]) {
      const html = await (await fetch(`${server.url}${path}`)).text();
      expect(
        scriptSources(html).every((src) => readingScript(src) !== undefined),
        path,
      ).toBe(true);
      expect(html, path).not.toContain("modulepreload");
      expect(html, path).not.toContain("__reactRouterContext");
      expect(html, path).toContain('<script type="speculationrules"');
    }
    const scriptsOf = async (path: string) =>
      scriptSources(await (await fetch(`${server.url}${path}`)).text())
        .map(readingScript)
        .sort();
    expect(await scriptsOf("/about")).toEqual(["menus"]);
    expect(await scriptsOf("/alex-example")).toEqual(["copy", "menus"]);
    expect(await scriptsOf("/")).toEqual(["map", "menus"]);
  });

  it("serves the small scripts as the app's assets: hashed names, cached for a year, compressed", async () => {
    const [menus] = scriptSources(await (await fetch(`${server.url}/about`)).text());
    const response = await fetch(`${server.url}${menus}`, { headers: { "accept-encoding": "br" } });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/javascript/);
    expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(response.headers.get("content-encoding")).toBe("br");
    expect(await response.text()).toContain("details[data-menu][open]");
  });

  it("hydrates the app's pages: the framework's scripts, and no speculation rules", async () => {
    for (const path of ["/login", "/register"]) {
      const html = await (await fetch(`${server.url}${path}`)).text();
      expect(html, path).toMatch(/<link rel="modulepreload" href="\/assets\//);
      expect(html, path).toContain("__reactRouterContext");
      expect(html, path).not.toContain("speculationrules");
    }
    const dashboard = await (await reader.get("/dashboard")).text();
    expect(dashboard).toContain("__reactRouterContext");
  });

  it("gives a signed-in reader the shared page with their menu put in, private and no-store", async () => {
    for (const path of ["/about", "/home", post]) {
      const anonymous = withoutNonces(await (await fetch(`${server.url}${path}`)).text());
      const response = await reader.get(path);
      expect(response.status, path).toBe(200);
      // Made from the shared page, not rendered in full: the application's answers carry an id.
      expect(response.headers.get("x-request-id"), path).toBeNull();
      expect(response.headers.get("cache-control"), path).toBe(personalCacheControl);
      const own = withoutNonces(await response.text());
      expect(own, path).toContain("reader@example.com");
      const account = own.match(readerAccount)?.[0] ?? "missing";
      const visitors = anonymous.match(anonymousAccount)?.[0] ?? "missing";
      // Both menus (desktop and phone) carry the reader's account area; nothing else differs.
      expect(own.split(account).length, path).toBe(3);
      expect(own.split(account).join(visitors), path).toBe(anonymous);
      // The visitors' copy is untouched by the signed-in request.
      const after = await fetch(`${server.url}${path}`);
      expect(await after.text(), path).not.toContain("reader@example.com");
    }
  });

  it("writes one access-log line for every request, however it is answered, and never a token", async () => {
    // The suite's servers log warnings only; this one logs every request, as production does.
    const server = await startServer({ LOG_LEVEL: "info" });
    const reader = await signedUp(server.url, "logged.reader@example.com");
    await fetch(`${server.url}/about`);
    const token = "A".repeat(43);
    const asked = [
      ["/about", await fetch(`${server.url}/about`)],
      ["/about", await reader.get("/about")],
      ["/account", await reader.get("/account")],
      ["/reset-password/:token", await fetch(`${server.url}/reset-password/${token}`)],
    ] as const;
    const logged = () =>
      server
        .output()
        .split("\n")
        .filter((line) => line.startsWith("{") && line.includes('"route"'))
        .map((line) => JSON.parse(line) as Record<string, unknown>);
    // The application's answers carry their id; the others are the cached page's latest hit.
    const lineOf = (route: string, response: Response) => {
      const id = response.headers.get("x-request-id");
      return id
        ? logged().find((entry) => entry.requestId === id)
        : logged().findLast((entry) => entry.route === route && entry.cache === "hit");
    };
    for (const [route, response] of asked) {
      await expect.poll(() => lineOf(route, response), { timeout: 3000 }).toBeDefined();
      const line = lineOf(route, response);
      expect(line, route).toMatchObject({ method: "GET", route, status: response.status });
      expect(typeof line?.ms).toBe("number");
      expect(line?.requestId).toMatch(/^[0-9a-f-]{36}$/);
    }
    expect(server.output()).not.toContain(token);
    await server.stop();
  });

  it("sends a signed-in reader's page gzip-compressed or plain, the same page either way", async () => {
    const as = (encoding: string) =>
      fetch(`${server.url}/woollahra`, {
        headers: { cookie: reader.cookieHeader, "accept-encoding": encoding },
      });
    const plain = await as("identity");
    const gzip = await as("gzip, deflate, br");
    expect(plain.headers.get("content-encoding")).toBeNull();
    expect(gzip.headers.get("content-encoding")).toBe("gzip");
    const text = withoutNonces(await plain.text());
    expect(text).toContain("reader@example.com");
    expect(withoutNonces(await gzip.text())).toBe(text);
  });

  // Every page, reading pages too, asks the database for the session: one ended anywhere is
  // over from its next request, on every thread (the server runs two) and every instance.
  it("shows a session ended elsewhere as signed out on every page from its next request", async () => {
    const here = await signedUp(server.url, "two-devices@example.com");
    const elsewhere = await signedIn(server.url, "two-devices@example.com");
    for (let i = 0; i < 4; i++)
      expect(await (await elsewhere.get("/about")).text()).toContain("two-devices@");
    const out = await here.post("/account", { intent: "sign-out-everywhere" });
    expect(out.status).toBe(303);
    for (const path of ["/about", "/woollahra", "/", "/about", "/woollahra", "/"]) {
      expect(await (await elsewhere.get(path)).text(), path).not.toContain("two-devices@");
    }
    expect((await elsewhere.get("/dashboard")).status).toBe(302);
  });

  it("allows a signed-in reader's page's scripts by the shared page's hashes, never a replayed nonce", async () => {
    const response = await reader.get("/about");
    const policy = response.headers.get("content-security-policy") ?? "";
    expect(policy).toMatch(/script-src 'self'( 'sha256-[^']+')+;/);
    expect(policy).not.toContain("nonce-");
  });

  it("renders an unknown post for a signed-in reader as the 404 page, in full", async () => {
    const response = await reader.get("/blog/no-such-post");
    expect(response.status).toBe(404);
    expect(response.headers.get("cache-control")).toBe(personalCacheControl);
    expect(await response.text()).toContain("reader@example.com");
  });

  describe.skipIf(!chromiumPath || dialect.name !== "sqlite")("in Chromium", () => {
    const openWatched = (path: string, options: { visitor?: Visitor; width?: number } = {}) =>
      watchedPage(browser as Browser, `${server.url}${path}`, options);

    /**
     * Opens the disclosure menu, focuses an item, presses Escape: closed, focus on its summary.
     * Opens it again and presses outside it (the page's left edge, clear of any menu): closed.
     */
    async function closesOnEscapeAndOutside(page: Page, menu: string, item: Locator) {
      const summary = page.locator(`${menu} > summary`);
      await summary.click();
      await page.locator(`${menu}[open]`).waitFor();
      await item.focus();
      await page.keyboard.press("Escape");
      await page.locator(`${menu}:not([open])`).waitFor();
      expect(await summary.evaluate((element) => element === document.activeElement)).toBe(true);
      await summary.click();
      await page.locator(`${menu}[open]`).waitFor();
      await page.mouse.click(1, 500);
      await page.locator(`${menu}:not([open])`).waitFor();
    }

    // The bar is widest for a signed-in reader (Create Post, Create Batch 2023, their address).
    it("fits the navbar in the window at 1280 px and phone width, signed in with a long address or not", async () => {
      const longAddress = await signedUp(server.url, "first.middle.lastname@example.com.au");
      for (const visitor of [undefined, longAddress]) {
        for (const width of [1280, 390]) {
          const { page, close } = await openWatched("/woollahra", { visitor, width });
          const overflow = await page.evaluate(() => {
            const bar = document.querySelector('nav[aria-label="Main"]') as HTMLElement;
            const items = [...bar.querySelectorAll("li, a, summary")].filter(
              (e) => e.getClientRects().length > 0,
            );
            return {
              page: document.documentElement.scrollWidth - window.innerWidth,
              outside: items.filter((e) => e.getBoundingClientRect().right > window.innerWidth).length,
              tallLinks: [...bar.querySelectorAll('[data-nav="desktop"] > li > a')]
                .filter((e) => e.getClientRects().length > 0 && e.getBoundingClientRect().height > 48)
                .map((e) => e.textContent),
            };
          });
          expect(overflow, `${width} px, ${visitor ? "signed in" : "visitor"}`).toEqual({
            page: 0,
            outside: 0,
            tallLinks: [],
          });
          await close();
        }
      }
    });

    it("loads no React or React Router script on a reading page, signed in or not", async () => {
      for (const visitor of [undefined, reader]) {
        const { scripts, problems, close } = await openWatched("/about", { visitor });
        expect(scripts.map(readingScript)).toEqual(["menus"]);
        expect(problems).toEqual([]);
        await close();
      }
    });

    it("closes the user menu on Escape (focus back on it) and on a click outside", async () => {
      const { page, problems, close } = await openWatched("/about", { visitor: reader });
      const menu = "[data-nav=desktop] details[data-menu]";
      await closesOnEscapeAndOutside(page, menu, page.locator(menu).getByRole("link", { name: "Dashboard" }));
      expect(problems).toEqual([]);
      await close();
    });

    it("closes the phone menu on Escape (focus back on it) and on a click outside", async () => {
      const { page, problems, close } = await openWatched("/woollahra", { width: 390 });
      const link = page.locator("[data-nav=phone]").getByRole("link", { name: "About" });
      await closesOnEscapeAndOutside(page, "nav > details[data-menu]", link);
      expect(problems).toEqual([]);
      await close();
    });
  });
});
