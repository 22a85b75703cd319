import type { Browser, BrowserContext } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ownSlugs, password, uploadCover } from "../support/author.ts";
import { chromiumPath, launchBrowser } from "../support/browser.ts";
import { type RunningServer, startServer } from "../support/server.ts";
import { Visitor } from "../support/visitor.ts";

describe.skipIf(!chromiumPath)("accounts in Chromium", () => {
  let server: RunningServer;
  let browser: Browser;
  let n = 0;
  const freshEmail = () => `browser${++n}@example.com`;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  async function open(path: string, options: { javaScript?: boolean; width?: number } = {}) {
    const context: BrowserContext = await browser.newContext({
      javaScriptEnabled: options.javaScript ?? true,
      viewport: { width: options.width ?? 1280, height: 900 },
    });
    const page = await context.newPage();
    await page.goto(`${server.url}${path}`);
    return page;
  }

  /** A new account, registered and logged in through the forms; the page ends on the home page. */
  async function signedIn(options: { width?: number } = {}) {
    const email = freshEmail();
    const page = await open("/register", options);
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill(password);
    await page.getByRole("button", { name: "Register" }).click();
    await page.getByRole("status").getByText("User registered").waitFor();
    await page.goto(`${server.url}/login`);
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill(password);
    await page.getByRole("button", { name: "Log in" }).click();
    await page.waitForURL(`${server.url}/`);
    return { page, email };
  }

  it("validates as the visitor types and keeps Register disabled while the form is invalid", async () => {
    const page = await open("/register");
    await page.waitForFunction(() =>
      document.querySelector("main button[type=submit]")?.hasAttribute("disabled"),
    );
    const submit = page.getByRole("button", { name: "Register" });
    expect(await submit.isDisabled()).toBe(true);

    const email = page.getByLabel("Email");
    const pwd = page.getByLabel("Password");
    await email.fill("not-an-email");
    await email.blur();
    await expect(page.getByText("Email is not in a correct format").count()).resolves.toBe(1);
    await email.fill("");
    await expect(page.getByText("Email is required").count()).resolves.toBe(1);
    await email.fill(freshEmail());
    await pwd.fill("1234567");
    await pwd.blur();
    await expect(page.getByText("Password should be at least 8 characters").count()).resolves.toBe(1);
    await pwd.fill("x".repeat(65));
    await expect(page.getByText("Password shouldn't be more than 64 characters").count()).resolves.toBe(1);
    await pwd.fill("");
    await expect(page.getByText("Password is required").count()).resolves.toBe(1);
    expect(await submit.isDisabled()).toBe(true);
    await pwd.fill(password);
    expect(await submit.isDisabled()).toBe(false);
    await page.context().close();
  });

  it("registers, logs in, opens the user menu, goes to the dashboard and logs out", async () => {
    const email = freshEmail();
    const page = await open("/register");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill(password);
    await page.getByRole("button", { name: "Register" }).click();
    await expect(page.getByRole("status").getByText("User registered").waitFor()).resolves.toBeUndefined();
    await page.getByRole("link", { name: "Log in", exact: true }).click();
    await page.waitForURL(`${server.url}/login`);

    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill(password);
    await page.getByRole("button", { name: "Log in" }).click();
    await page.waitForURL(`${server.url}/`);

    const nav = page.locator("[data-nav=desktop]");
    await nav.getByRole("link", { name: "Create Post" }).waitFor();
    await expect(nav.getByRole("button", { name: "Create Batch 2023" }).count()).resolves.toBe(1);
    const menuButton = nav.getByRole("button", { name: email });
    const dashboardLink = nav.getByRole("link", { name: "Dashboard" });

    expect(await menuButton.getAttribute("aria-expanded")).toBe("false");
    expect(await dashboardLink.isVisible()).toBe(false);
    await menuButton.click();
    expect(await menuButton.getAttribute("aria-expanded")).toBe("true");
    expect(await dashboardLink.isVisible()).toBe(true);

    await page.keyboard.press("Escape");
    expect(await menuButton.getAttribute("aria-expanded")).toBe("false");
    expect(await menuButton.evaluate((el) => el === document.activeElement)).toBe(true);

    await page.keyboard.press("Enter");
    expect(await menuButton.getAttribute("aria-expanded")).toBe("true");
    await page.locator("h1").click();
    expect(await menuButton.getAttribute("aria-expanded")).toBe("false");

    await menuButton.click();
    await page.keyboard.press("Tab");
    expect(await dashboardLink.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press("Enter");
    await page.waitForURL(`${server.url}/dashboard`);
    expect(await menuButton.getAttribute("aria-expanded")).toBe("false");
    await expect(page.getByText("Posts", { exact: true }).count()).resolves.toBe(1);
    await expect(page.getByText("Australia", { exact: true }).count()).resolves.toBe(1);

    await menuButton.click();
    await nav.getByRole("button", { name: "Logout" }).click();
    await page.waitForURL(`${server.url}/login`);
    await page.locator("[data-nav=desktop]").getByRole("link", { name: "Login" }).waitFor();
    await page.goto(`${server.url}/dashboard`);
    expect(new URL(page.url()).pathname).toBe("/login");
    await page.context().close();
  });

  it("refuses a common password with the server's message beside the field, JavaScript on", async () => {
    const email = freshEmail();
    const page = await open("/register");
    await page.locator("html[data-hydrated]").waitFor();
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill("iloveyou");
    await page.getByRole("button", { name: "Register" }).click();
    await page.getByText("This password is too common; choose another").waitFor();
    expect(await page.getByLabel("Email").inputValue()).toBe(email);
    expect(await page.getByLabel("Password").getAttribute("aria-invalid")).toBe("true");
    await page.getByLabel("Password").fill(password);
    await page.getByRole("button", { name: "Register" }).click();
    await page.getByRole("status").getByText("User registered").waitFor();
    await page.context().close();
  });

  it("shows server errors in a red alert box and keeps the typed email", async () => {
    const email = freshEmail();
    const page = await open("/login");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill("not-the-password");
    await page.getByRole("button", { name: "Log in" }).click();
    const alert = page.getByRole("alert");
    await alert.waitFor();
    expect(await alert.textContent()).toBe("Invalid email or password");
    expect(await page.getByLabel("Email").inputValue()).toBe(email);
    await page.context().close();
  });

  it("works with JavaScript off: server messages beside the fields, then register and log in", async () => {
    const page = await open("/register", { javaScript: false });
    const submit = page.getByRole("button", { name: "Register" });
    expect(await submit.isDisabled()).toBe(false);
    await page.getByLabel("Email").fill("typed@wrong");
    await page.getByLabel("Password").fill("1234567");
    await submit.click();
    await page.waitForLoadState();
    await expect(page.getByText("Email is not in a correct format").count()).resolves.toBe(1);
    await expect(page.getByText("Password should be at least 8 characters").count()).resolves.toBe(1);
    expect(await page.getByLabel("Email").inputValue()).toBe("typed@wrong");

    const email = freshEmail();
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill(password);
    await page.getByRole("button", { name: "Register" }).click();
    await page.getByRole("status").getByText("User registered").waitFor();

    await page.goto(`${server.url}/dashboard`);
    expect(new URL(page.url()).pathname).toBe("/login");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill(password);
    await page.getByRole("button", { name: "Log in" }).click();
    await page.waitForURL(`${server.url}/dashboard`);

    await page.locator("[data-nav=desktop] summary").click();
    await page.locator("[data-nav=desktop]").getByRole("button", { name: "Logout" }).click();
    await page.waitForURL(`${server.url}/login`);
    await page.context().close();
  });

  it("sends a reader whose session has ended to log in, then back to the page they clicked", async () => {
    const { page, email } = await signedIn();
    // Signed in, the reader lands on a reading page: its menus script runs, nothing hydrates.
    await page.locator("html[data-enhanced]").waitFor();

    // The session ends (say, logged out in another tab) while this page stays open.
    await page.context().clearCookies();
    const nav = page.locator("[data-nav=desktop]");
    await nav.getByRole("button", { name: email }).click();
    await nav.getByRole("link", { name: "Dashboard" }).click();
    await page.waitForURL(`${server.url}/login?redirectTo=%2Fdashboard`);

    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill(password);
    await page.getByRole("button", { name: "Log in" }).click();
    await page.waitForURL(`${server.url}/dashboard`);
    await page.getByRole("heading", { level: 1 }).waitFor();
    await page.context().close();
  });

  it("has the signed-in menu on phones too", async () => {
    const { page, email } = await signedIn({ width: 390 });
    await page.locator("nav details > summary").first().click();
    const phoneNav = page.locator("[data-nav=phone]");
    await phoneNav.getByRole("button", { name: email }).click();
    await phoneNav.getByRole("link", { name: "Dashboard" }).click();
    await page.waitForURL(`${server.url}/dashboard`);
    await page.context().close();
  });

  it("stays signed in on a post whose images lead to /logout, and asks before logging out", async () => {
    const { page, email } = await signedIn();
    const author = new Visitor(server.url);
    for (const cookie of await page.context().cookies()) author.cookies.set(cookie.name, cookie.value);
    const cover = await uploadCover(author);
    const slugsBefore = new Set(await ownSlugs(author));
    const created = await author.post("/create-post", {
      title: "Pictures that lead elsewhere",
      content: [
        "![a](/images/%2e%2e/logout)",
        "![b](/images/%2E%2E/logout)",
        "![c](/images/x/..%2flogout)",
        `![d](${server.url}/logout)`,
      ].join("\n\n"),
      coverImageId: cover,
    });
    expect(created.status).toBe(303);
    const slug = (await ownSlugs(author)).find((candidate) => !slugsBefore.has(candidate));

    const asked: string[] = [];
    page.on("request", (request) => asked.push(new URL(request.url()).pathname));
    await page.goto(`${server.url}/blog/${encodeURIComponent(slug ?? "")}`, { waitUntil: "load" });
    await page.locator("html[data-enhanced]").waitFor();
    expect(asked).not.toContain("/logout");
    await page.goto(`${server.url}/dashboard`);
    expect(new URL(page.url()).pathname).toBe("/dashboard");

    await page.goto(`${server.url}/logout`);
    expect(new URL(page.url()).pathname).toBe("/logout");
    await page.goto(`${server.url}/dashboard`);
    expect(new URL(page.url()).pathname, "opening /logout signs no one out").toBe("/dashboard");
    await page.goto(`${server.url}/logout`);
    await page.locator("main").getByRole("button", { name: "Log out" }).click();
    await page.waitForURL(`${server.url}/login`);
    await page.goto(`${server.url}/dashboard`);
    expect(new URL(page.url()).pathname).toBe("/login");
    expect(await page.locator("[data-nav=desktop]").getByText(email).count()).toBe(0);
    await page.context().close();
  });
});
