import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { publicPagePaths } from "~/site/public-pages.ts";
import { signedUp } from "../support/author.ts";
import { chromiumPath, launchBrowser } from "../support/browser.ts";
import { type RunningServer, startServer } from "../support/server.ts";
import { visibleText } from "../support/visitor.ts";
import { htmlErrors, nuCheckerAvailable } from "../support/vnu.ts";

const attribute = (html: string, pattern: RegExp) => html.match(pattern)?.[1];

/** Addresses that answer 404, each through a different route's error handling. */
const errorPagePaths = ["/no-such-page", "/blog/no-such-post", "/home?page=999"];

describe("every public page", () => {
  let server: RunningServer;
  let pages: Map<string, string>;
  let errorPages: Map<string, string>;
  let postPaths: string[];
  let browser: Browser;

  beforeAll(async () => {
    server = await startServer();
    if (chromiumPath) browser = await launchBrowser();
    const author = await signedUp(server.url, "pages@example.com");
    await author.post("/create-batch", {});
    const home = await (await fetch(`${server.url}/home`)).text();
    postPaths = [...new Set([...home.matchAll(/href="(\/blog\/[^"]+)"/g)].map((m) => m[1] as string))].slice(
      0,
      2,
    );
    errorPages = new Map();
    for (const page of errorPagePaths) {
      const response = await fetch(`${server.url}${page}`);
      expect(response.status, page).toBe(404);
      errorPages.set(page, await response.text());
    }
    pages = new Map();
    for (const page of [
      ...publicPagePaths,
      "/offices-woollahra",
      "/status",
      "/login",
      "/register",
      ...postPaths,
    ]) {
      const response = await fetch(`${server.url}${page}`);
      expect(response.status, page).toBe(200);
      pages.set(page, await response.text());
    }
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it("sends each page's whole body in place, even on its first rendering", () => {
    // React moves late or large parts to the end behind a script; without JavaScript they stay hidden.
    for (const [page, html] of pages) {
      expect(html, page).not.toMatch(/<template id="B:\d+"|<div hidden id="S:\d+"/);
    }
  });

  it("has its own title and description, exactly one h1, and absolute canonical and sharing URLs", () => {
    const titles = new Map<string, string>();
    for (const [page, html] of pages) {
      const title = attribute(html, /<title>([^<]+)<\/title>/);
      expect(title, page).toBeTruthy();
      if (page !== "/offices-woollahra") {
        expect(
          titles.get(title as string),
          `${page} repeats the title of ${titles.get(title as string)}`,
        ).toBeUndefined();
        titles.set(title as string, page);
      }
      expect(attribute(html, /<meta name="description" content="([^"]{50,})"/), page).toBeTruthy();
      expect(attribute(html, /<meta name="keywords" content="([^"]+)"/), page).toBeTruthy();
      expect(attribute(html, /<meta name="author" content="([^"]+)"/), page).toBeTruthy();
      expect((html.match(/<h1[\s>]/g) ?? []).length, page).toBe(1);
      expect(attribute(html, /<link rel="canonical" href="([^"]+)"/), page).toMatch(
        /^http:\/\/127\.0\.0\.1:\d+\//,
      );
      for (const tag of ["og:title", "og:description", "og:image", "og:url"]) {
        expect(html, `${page} ${tag}`).toMatch(new RegExp(`<meta property="${tag}" content="[^"]+"`));
      }
      expect(attribute(html, /<meta property="og:image" content="([^"]+)"/), page).toMatch(/^http:\/\//);
      expect(html, page).toMatch(/<meta name="twitter:card" content="summary_large_image"/);
      expect(html, page).toContain('"@type":"Organization"');
    }
  });

  it("sends exactly one title on every page and every error page", () => {
    for (const [page, html] of [...pages, ...errorPages]) {
      expect((html.match(/<title[\s>]/g) ?? []).length, page).toBe(1);
    }
  });

  it("serves /offices-woollahra as the home page's content with a canonical link to /", () => {
    const home = pages.get("/") as string;
    const offices = pages.get("/offices-woollahra") as string;
    expect(attribute(offices, /<link rel="canonical" href="([^"]+)"/)).toBe(`${server.url}/`);
    const article = (html: string) => html.slice(html.indexOf("<article"), html.indexOf("</article>"));
    expect(article(offices)).toBe(article(home));
  });

  it("tells search engines where the building is and when it trades, on the home page", () => {
    const home = pages.get("/") as string;
    expect(home).toContain('"@type":"LocalBusiness"');
    expect(home).toContain('"postalCode":"2025"');
    expect(home).toContain(
      '"dayOfWeek":["Monday","Tuesday","Wednesday","Thursday","Friday"],"opens":"14:30","closes":"18:30"',
    );
    const text = visibleText(home);
    expect(text).toContain("Monday–Friday 2:30pm–6:30pm");
    expect(text).toContain("Saturday and Sunday Closed");
    expect(text).toContain("Moncur Street, Woollahra NSW 2025");
  });

  it("links each of the seven teaser cards on /woollahra to its page", () => {
    const html = pages.get("/woollahra") as string;
    const links = [...html.matchAll(/<a[^>]*href="([^"]+)"[^>]*>Click more/g)].map((m) => m[1]);
    expect(links).toEqual(["/maloney", "/post", "/art-gallery", "/suburb", "/hotel", "/church", "/station"]);
  });

  it.each([
    ["/maloney", ["/building", "/station", "/woollahra"]],
    ["/post", ["/woollahra", "/suburb", "/maloney"]],
    ["/art-gallery", ["/building", "/station", "/about"]],
  ])("has the card row of %s", (page, targets) => {
    const links = [...(pages.get(page) as string).matchAll(/<a[^>]*href="([^"]+)"[^>]*>Click more/g)].map(
      (m) => m[1],
    );
    expect(links).toEqual(targets);
  });

  it("links /privacy from every page's footer and from the register form", () => {
    for (const [page, html] of pages) {
      const footer = html.slice(html.indexOf("<footer"));
      expect(footer, page).toMatch(/<a [^>]*href="\/privacy"[^>]*>Privacy<\/a>/);
      // Once: each footer link appears a single time.
      expect(footer.match(/href="\/privacy"/g), page).toHaveLength(1);
    }
    const form = pages.get("/register") as string;
    expect(form.slice(form.indexOf("<main"), form.indexOf("</main>"))).toMatch(/href="\/privacy"/);
  });

  it("says on /privacy what is kept, for how long, and how to have it deleted", () => {
    const text = visibleText(pages.get("/privacy") as string);
    for (const kept of [
      "Your account",
      "Your posts and images",
      "Enquiries",
      "Mail the site sends",
      "Server logs",
    ])
      expect(text).toContain(kept);
    expect(text).toContain("730 days");
    expect(text).toContain("keeps no log files of its own");
    expect(text).toContain("How to have it deleted");
  });

  it("links /suburb to /art-gallery", () => {
    expect(pages.get("/suburb")).toMatch(/href="\/art-gallery"/);
  });

  it("opens external links on /bon-trading in a new tab without an opener", () => {
    const html = pages.get("/bon-trading") as string;
    const external = [...html.matchAll(/<a ([^>]*href="https?:\/\/[^"]+"[^>]*)>/g)].map(
      (m) => m[1] as string,
    );
    expect(external.length).toBeGreaterThanOrEqual(3);
    for (const link of external) {
      expect(link).toContain('target="_blank"');
      expect(link).toContain('rel="noopener noreferrer"');
    }
  });

  it("sends no map frame in the first HTML", () => {
    // The frame waits, inert, in a <template> until the map scrolls into view (map.js).
    expect((pages.get("/") as string).replace(/<template[\s\S]*?<\/template>/g, "")).not.toContain("<iframe");
    expect(visibleText(pages.get("/") as string)).toContain("Open in OpenStreetMap");
  });

  it("has no broken internal links or images", async () => {
    const targets = new Set<string>();
    for (const html of pages.values()) {
      for (const [, href] of html.matchAll(/<a [^>]*href="(\/[^"#]*)"/g)) targets.add(href as string);
      for (const [, src] of html.matchAll(/\ssrc="(\/[^"]+)"/g)) targets.add(src as string);
      for (const [, set] of html.matchAll(/srcSet="([^"]+)"/g)) {
        for (const candidate of (set as string).split(","))
          targets.add(candidate.trim().split(" ")[0] as string);
      }
      for (const [, href] of html.matchAll(/<link [^>]*href="(\/[^"]+)"/g)) targets.add(href as string);
    }
    const broken: string[] = [];
    for (const target of targets) {
      const response = await fetch(`${server.url}${target}`, { redirect: "manual" });
      if (response.status >= 400) broken.push(`${target} → ${response.status}`);
    }
    expect(broken).toEqual([]);
    expect(targets.size).toBeGreaterThan(60);
  });

  it.skipIf(!nuCheckerAvailable)("is valid HTML (Nu HTML Checker)", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "wm-vnu-"));
    const files = [...pages, ...errorPages].map(([page, html], n) => {
      const file = path.join(dir, `${n}-${page.replace(/[^a-z0-9]+/gi, "-")}.html`);
      writeFileSync(file, html);
      return file;
    });
    expect(htmlErrors(files)).toEqual([]);
  });

  describe("machine pages", () => {
    it("lists every public page and post in /sitemap.xml with lastmod", async () => {
      const response = await fetch(`${server.url}/sitemap.xml`);
      expect(response.headers.get("content-type")).toBe("application/xml; charset=utf-8");
      const xml = await response.text();
      const locations = [
        ...xml.matchAll(/<url><loc>([^<]+)<\/loc><lastmod>(\d{4}-\d\d-\d\dT[^<]+)<\/lastmod><\/url>/g),
      ].map((m) => (m[1] as string).replace(server.url, ""));
      for (const page of publicPagePaths) expect(locations).toContain(page);
      expect(locations.filter((l) => l.startsWith("/blog/"))).toHaveLength(10);
      expect(locations).not.toContain("/dashboard");
    });

    it("points robots at the sitemap and away from signed-in pages, the manage area, search and emailed links", async () => {
      const text = await (await fetch(`${server.url}/robots.txt`)).text();
      expect(text).toContain(`Sitemap: ${server.url}/sitemap.xml`);
      const disallowed = [...text.matchAll(/^Disallow: (.+)$/gm)].map(([, path]) => path ?? "");
      for (const path of [
        "/dashboard",
        "/create-post",
        "/edit-post/",
        "/login",
        "/manage",
        "/search",
        "/account",
        "/preview/",
        "/subscribe/",
        "/unsubscribe/",
      ])
        expect(disallowed).toContain(path);
      for (const page of publicPagePaths)
        expect(disallowed.filter((path) => page.startsWith(path))).toEqual([]);
    });

    it("publishes the latest posts as RSS 2.0", async () => {
      const response = await fetch(`${server.url}/rss.xml`);
      expect(response.headers.get("content-type")).toBe("application/rss+xml; charset=utf-8");
      const xml = await response.text();
      expect(xml).toMatch(/^<\?xml version="1.0" encoding="utf-8"\?>\s*<rss version="2.0"/);
      expect((xml.match(/<item>/g) ?? []).length).toBe(10);
      expect(xml).toContain(`<link>${server.url}/home</link>`);
      expect(xml).toMatch(/<pubDate>\w{3}, \d\d \w{3} \d{4} \d\d:\d\d:\d\d GMT<\/pubDate>/);
    });
  });

  describe.skipIf(!chromiumPath)("in Chromium", () => {
    async function open(page: string, width = 1280): Promise<Page> {
      const context = await browser.newContext({ viewport: { width, height: 900 } });
      const tab = await context.newPage();
      await tab.goto(`${server.url}${page}`);
      return tab;
    }

    it("shows every page's text with JavaScript off, to its last paragraph", async () => {
      const context = await browser.newContext({ javaScriptEnabled: false });
      for (const page of ["/", "/about", "/woollahra", "/alex-example", ...postPaths]) {
        const tab = await context.newPage();
        await tab.goto(`${server.url}${page}`);
        const last = tab.locator("main p").last();
        expect(await last.isVisible(), page).toBe(true);
        expect((await tab.locator("main").boundingBox())?.height ?? 0, page).toBeGreaterThan(900);
        await tab.close();
      }
      await context.close();
    });

    it("has no accessibility violations on any page, at phone and desktop widths (axe)", async () => {
      const violations: string[] = [];
      for (const page of pages.keys()) {
        for (const width of [390, 1280]) {
          const tab = await open(page, width);
          const results = await new AxeBuilder({ page: tab }).analyze();
          for (const v of results.violations)
            violations.push(`${page} @${width}: ${v.id} ${v.nodes.map((n) => n.target).join(" ")}`);
          await tab.context().close();
        }
      }
      expect(violations).toEqual([]);
    }, 600_000);

    it("parses the sitemap and the feed as XML", async () => {
      const tab = await open("/status");
      for (const url of ["/sitemap.xml", "/rss.xml"]) {
        const xml = await (await fetch(`${server.url}${url}`)).text();
        const error = await tab.evaluate(
          (text) =>
            new DOMParser().parseFromString(text, "application/xml").querySelector("parsererror")
              ?.textContent ?? null,
          xml,
        );
        expect(error, url).toBeNull();
      }
      await tab.context().close();
    });

    it("keeps the server's page as it is once its scripts run (no element redrawn)", async () => {
      const context = await browser.newContext();
      // Tags the page's elements as the HTML arrives, before any of the site's scripts run.
      await context.addInitScript(() => {
        document.addEventListener("DOMContentLoaded", () => {
          for (const element of document.querySelectorAll("main *")) element.setAttribute("data-seen", "");
        });
      });
      for (const page of ["/", "/woollahra", "/alex-example"]) {
        const tab = await context.newPage();
        await tab.goto(`${server.url}${page}`);
        await tab.locator("html[data-enhanced]").waitFor();
        // A redrawn element (by React adopting the page, or a script) has lost the tag.
        await tab.waitForTimeout(500);
        const redrawn = await tab.evaluate(() =>
          [...document.querySelectorAll("main *:not([data-seen])")].map((element) => element.outerHTML),
        );
        expect(redrawn, page).toEqual([]);
        await tab.close();
      }
      await context.close();
    });

    it("loads the map only when it scrolls into view", async () => {
      const context = await browser.newContext({ viewport: { width: 1280, height: 700 } });
      const tab = await context.newPage();
      const requested: string[] = [];
      tab.on("request", (request) => {
        if (!request.url().startsWith(server.url)) requested.push(request.url());
      });
      await context.route(/openstreetmap\.org/, (route) =>
        route.fulfill({ body: "<p>map</p>", contentType: "text/html" }),
      );
      await tab.goto(`${server.url}/`);
      expect(await tab.locator("iframe").count()).toBe(0);
      expect(requested).toEqual([]);
      await tab.getByText("Open in OpenStreetMap").scrollIntoViewIfNeeded();
      await tab.locator("iframe[title^='Map of']").waitFor();
      await expect.poll(() => requested.some((url) => url.includes("openstreetmap.org"))).toBe(true);
      await context.close();
    });

    it("copies a profile's email and says Copied for three seconds", async () => {
      const context = await browser.newContext({ permissions: ["clipboard-read", "clipboard-write"] });
      const tab = await context.newPage();
      await tab.goto(`${server.url}/alex-example`);
      const button = tab.getByRole("button", { name: /^Copy/ });
      await tab.locator("html[data-enhanced]").waitFor();
      // The page notes when its label changes, so a slow test machine cannot blur the 3 seconds.
      await tab.evaluate(() => {
        const label = document.querySelector("main button [aria-live]") as Element;
        const changes: [string, number][] = [];
        Object.assign(window, { labelChanges: changes });
        new MutationObserver(() => changes.push([label.textContent ?? "", performance.now()])).observe(
          label,
          {
            childList: true,
            characterData: true,
            subtree: true,
          },
        );
      });
      await button.click();
      await tab.getByText("Copied", { exact: true }).waitFor();
      expect(await tab.evaluate(() => navigator.clipboard.readText())).toBe("alex@example.com");
      await tab.getByText("Copy", { exact: true }).waitFor({ timeout: 6000 });
      const changes = await tab.evaluate(
        () => (window as unknown as { labelChanges: [string, number][] }).labelChanges,
      );
      expect(changes.map(([label]) => label)).toEqual(["Copied", "Copy"]);
      const shownMs = (changes[1]?.[1] ?? 0) - (changes[0]?.[1] ?? 0);
      expect(shownMs).toBeGreaterThanOrEqual(2950);
      expect(shownMs).toBeLessThan(4000);
      await context.close();
    });

    it("selects the address and says how to copy it where the Clipboard API is missing", async () => {
      const context = await browser.newContext();
      // As on a plain-HTTP address other than localhost, where browsers offer no clipboard.
      await context.addInitScript(() => {
        Reflect.deleteProperty(Navigator.prototype, "clipboard");
      });
      const tab = await context.newPage();
      await tab.goto(`${server.url}/alex-example`);
      await tab.locator("html[data-enhanced]").waitFor();
      await tab.getByRole("button", { name: /^Copy/ }).click();
      await tab.getByRole("status").getByText("Press Ctrl+C to copy").waitFor();
      expect(await tab.evaluate(() => window.getSelection()?.toString())).toBe("alex@example.com");
      await tab.keyboard.press("Control+C");
      await tab.getByText("Copied", { exact: true }).waitFor();
      await context.close();
    });

    it("prints a profile without navigation, banner or footer", async () => {
      const tab = await open("/jamie-sample");
      await tab.emulateMedia({ media: "print" });
      expect(await tab.locator("body > header").isVisible()).toBe(false);
      expect(await tab.locator("body > footer").isVisible()).toBe(false);
      expect(await tab.getByRole("navigation", { name: "Main" }).isVisible()).toBe(false);
      expect(await tab.getByRole("heading", { level: 1 }).isVisible()).toBe(true);
      await tab.context().close();
    });

    it("shows gallery captions on hover and on keyboard focus", async () => {
      const tab = await open("/woollahra-moncur");
      const figure = tab.locator("figure[tabindex='0']").first();
      const caption = figure.locator("figcaption");
      const opacity = () => caption.evaluate((el) => getComputedStyle(el).opacity);
      expect(await opacity()).toBe("0");
      await figure.hover();
      await expect.poll(opacity).toBe("1");
      await tab.mouse.move(0, 0);
      await expect.poll(opacity).toBe("0");
      await figure.focus();
      await expect.poll(opacity).toBe("1");
      await tab.context().close();
    });
  });
});
