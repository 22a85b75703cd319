import AxeBuilder from "@axe-core/playwright";
import type { Browser, Page } from "playwright-core";
import decodeQR from "qr/decode.js";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { password, signedUp } from "../support/author.ts";
import { chromiumPath, contextAs, launchBrowser } from "../support/browser.ts";
import { type RunningServer, startServer } from "../support/server.ts";
import { type ServerDialect, serverDialects } from "../support/server-dialects.ts";
import { unusedCode } from "../support/two-step.ts";
import type { Visitor } from "../support/visitor.ts";

/**
 * Two-step sign-in in Chromium (SPEC §10): set up from /account with the QR code an app would
 * scan, then log in with codes computed here from the key the page shows, with JavaScript on
 * and off, on both databases. The HTTP suite (two-step-http.test.ts) covers limits and replays.
 */
describe.skipIf(!chromiumPath).each(serverDialects)(
  "two-step sign-in in Chromium on $name",
  (dialect: ServerDialect) => {
    const email = "ada@example.com";
    let server: RunningServer;
    let dispose: () => Promise<void>;
    let browser: Browser;
    let author: Visitor;
    let secret = "";
    let recoveryCodes: string[] = [];
    const used = new Set<string>();

    beforeAll(async () => {
      const prepared = await dialect.prepare();
      dispose = prepared.dispose;
      server = await startServer({ ...prepared.env, RATE_LIMITS: "off" });
      author = await signedUp(server.url, email);
      browser = await launchBrowser();
    }, 120_000);
    afterAll(async () => {
      await browser?.close();
      await server?.stop();
      await dispose?.();
    });

    async function pageAs(visitor: Visitor | undefined, path: string, options = {}): Promise<Page> {
      const page = await (await contextAs(browser, visitor, options)).newPage();
      await page.goto(`${server.url}${path}`);
      return page;
    }

    /** What the QR code on the page says, read from its pixels as a phone's camera would. */
    async function scanned(page: Page): Promise<string> {
      const png = await page.getByRole("img", { name: "QR code for your authenticator app" }).screenshot();
      const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
      return decodeQR({ width: info.width, height: info.height, data });
    }

    async function axeViolations(page: Page): Promise<string[]> {
      const results = await new AxeBuilder({ page }).analyze();
      return results.violations.map((v) => `${v.id} ${v.nodes.map((n) => n.target).join(" ")}`);
    }

    it("is turned on from the account page: password, recovery codes, a QR code for the app, a code", async () => {
      const page = await pageAs(author, "/account", { viewport: { width: 390, height: 900 } });
      await page.locator("html[data-hydrated]").waitFor();
      await page.getByRole("link", { name: "Turn on two-step sign-in" }).click();
      await page.getByRole("heading", { name: "Two-step sign-in", level: 1 }).waitFor();
      await page.getByLabel("Your password").fill(password);
      await page.getByRole("button", { name: "Set up two-step sign-in" }).click();

      const codes = page.getByRole("list", { name: "Recovery codes" }).getByRole("listitem");
      await codes.first().waitFor();
      recoveryCodes = await codes.allTextContents();
      expect(recoveryCodes).toHaveLength(10);
      secret = (await page.getByTestId("two-step-secret").textContent()) ?? "";
      expect(secret).toMatch(/^[A-Z2-7]{32,}$/);
      const address = new URL(await scanned(page));
      expect(`${address.protocol}//${address.host}`).toBe("otpauth://totp");
      expect(decodeURIComponent(address.pathname)).toBe(`/Woollahra Moncur:${email}`);
      expect(address.searchParams.get("secret")).toBe(secret);
      expect(address.searchParams.get("issuer")).toBe("Woollahra Moncur");
      expect(await axeViolations(page)).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

      await page.getByLabel("Code from the app").fill(await unusedCode(secret, used));
      await page.getByRole("button", { name: "Turn on two-step sign-in" }).click();
      await page.getByText("You have 10 recovery codes left.").waitFor();
      expect(await page.getByRole("list", { name: "Recovery codes" }).count()).toBe(0);
      expect(await axeViolations(page)).toEqual([]);
      await page.context().close();
    }, 120_000);

    it("asks for the app's code after the password, then goes on to the page asked for", async () => {
      const page = await pageAs(undefined, "/login?redirectTo=%2Fdashboard");
      await page.locator("html[data-hydrated]").waitFor();
      await page.getByLabel("Email").fill(email);
      await page.getByLabel("Password").fill(password);
      await page.getByRole("button", { name: "Log in" }).click();
      await page.getByRole("heading", { name: "Two-step sign-in" }).waitFor();
      expect(new URL(page.url()).pathname).toBe("/login/two-step");
      expect(await axeViolations(page)).toEqual([]);

      const code = await unusedCode(secret, used);
      await page.getByLabel("Code", { exact: true }).fill(code === "000000" ? "111111" : "000000");
      await page.getByRole("button", { name: "Continue" }).click();
      await page.getByRole("alert").getByText("That code is not right.").waitFor();
      await page.getByLabel("Code", { exact: true }).fill(code);
      await page.getByRole("button", { name: "Continue" }).click();
      await page.waitForURL(`${server.url}/dashboard`);
      await page.getByText(email).first().waitFor();
      await page.context().close();
    }, 120_000);

    it("works with JavaScript off, here with a recovery code", async () => {
      const page = await pageAs(undefined, "/login", { javaScriptEnabled: false });
      await page.getByLabel("Email").fill(email);
      await page.getByLabel("Password").fill(password);
      await page.getByRole("button", { name: "Log in" }).click();
      await page.waitForURL(`${server.url}/login/two-step`);
      await page.getByLabel("Code", { exact: true }).fill(recoveryCodes[0] as string);
      await page.getByRole("button", { name: "Continue" }).click();
      await page.waitForURL(`${server.url}/`);
      await page.goto(`${server.url}/account/two-step`);
      await page.getByText("You have 9 recovery codes left.").waitFor();
      await page.context().close();
    });
  },
);
