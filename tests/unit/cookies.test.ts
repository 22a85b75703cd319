import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";

let cookies: typeof import("~/.server/http/cookies.ts");
let toasts: typeof import("~/.server/http/toast.ts");
let stamps: typeof import("~/.server/site/enquiry-stamp.ts");

beforeAll(async () => {
  // The site's cookies are signed with its secret, read once from the configuration.
  process.env.DATA_DIR = mkdtempSync(path.join(tmpdir(), "wm-cookies-"));
  process.env.AUTH_SECRET = "a-test-secret-of-at-least-thirty-two-characters";
  cookies = await import("~/.server/http/cookies.ts");
  toasts = await import("~/.server/http/toast.ts");
  stamps = await import("~/.server/site/enquiry-stamp.ts");
});

const requestWith = (cookie: string) => new Request("http://localhost/", { headers: { cookie } });

/** The `name=value` a browser sends back for the cookie a Set-Cookie header gave it. */
const sentBack = (setCookie: string | null) => setCookie?.split(";")[0] ?? "";

describe("the site's one cookie reader", () => {
  it("reads a cookie wherever it stands: the first of its name, percent-decoded", () => {
    const read = (header: string) => cookies.cookieValue(requestWith(header), "wm_toast");
    expect(read("a=1; wm_toast=hello; b=2")).toBe("hello");
    expect(read("wm_toast=x=y")).toBe("x=y");
    expect(read("wm_toast=first; wm_toast=second")).toBe("first");
    expect(read("wm_toast=caf%C3%A9")).toBe("café");
    expect(read("xwm_toast=1")).toBeUndefined();
    expect(cookies.cookieValue(new Request("http://localhost/"), "wm_toast")).toBeUndefined();
  });

  it.each([
    "wm.session_token=abc",
    " wm.session_token=abc",
    "\twm.session_token=abc",
    "a=1;wm.session_token=abc",
    "a=1;;wm.session_token=abc",
    "a=1 ;  wm.session_token = abc ",
    "__Secure-wm.session_token=abc",
    "wm_toast=notice",
    "wm.session_token=",
  ])("treats %j as personal", (header) => {
    expect(cookies.hasPersonalCookie(header)).toBe(true);
  });

  // Only spaces and tabs are trimmed (RFC 6265): a no-break space before a name makes another
  // name, for the application and the page cache alike (decision 006).
  it.each([
    "",
    "a=1",
    "wm.session_tokenx=abc",
    "wm_form=token",
    "\u00a0wm.session_token=abc",
    "\u0085wm.session_token=abc",
  ])("treats %j as a visitor without a session", (header) => {
    expect(cookies.hasPersonalCookie(header)).toBe(false);
  });

  it("finds a notice exactly when the application shows it, however the header is spelled", () => {
    const notice = sentBack(toasts.redirectWithToast("/", "Saved. Thank you").headers.get("set-cookie"));
    const value = notice.slice("wm_toast=".length);
    const headers = {
      [notice]: true,
      [` ${notice}`]: true,
      [`\t${notice}`]: true,
      [`a=1;;${notice}`]: true,
      [`a=1 ;  wm_toast = ${value} `]: true,
      [`${notice}; wm_toast=forged`]: true,
      [`x${notice}`]: false,
      [`wm_toastx=${value}`]: false,
      [`\u00a0${notice}`]: false,
      [`a=1; b=${value}`]: false,
    };
    for (const [header, personal] of Object.entries(headers)) {
      expect(cookies.hasPersonalCookie(header), header).toBe(personal);
      expect(toasts.takeToast(requestWith(header)).message !== null, header).toBe(personal);
    }
  });
});

describe("the site's own cookies", () => {
  it("are sent to the whole site, never to scripts, nor on other sites' requests", () => {
    expect(cookies.setCookie("wm_toast", "hi", 60)).toBe(
      "wm_toast=hi; Max-Age=60; Path=/; HttpOnly; SameSite=Lax",
    );
    expect(cookies.setCookie("wm_form", "x")).toBe("wm_form=x; Path=/; HttpOnly; SameSite=Lax");
    expect(cookies.clearCookie("wm_toast")).toBe("wm_toast=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax");
  });

  it("take back only what the site signed, for the cookie it signed it for", () => {
    const held = cookies.signed("wm_form", "value.with.dots");
    expect(cookies.unsigned("wm_form", held)).toBe("value.with.dots");
    expect(cookies.unsigned("wm_enquiry", held)).toBeUndefined();
    const [signature] = held.split(".").reverse();
    for (const forged of [
      `other.with.dots.${signature}`,
      "value.with.dots",
      `${held}x`,
      ".",
      "",
      undefined,
    ]) {
      expect(cookies.unsigned("wm_form", forged), forged).toBeUndefined();
    }
  });

  it("show a notice once, and never one the site did not sign", () => {
    const notice = sentBack(toasts.redirectWithToast("/", "Post deleted").headers.get("set-cookie"));
    const taken = toasts.takeToast(requestWith(notice));
    expect(taken.message).toBe("Post deleted");
    expect(taken.headers.get("set-cookie")).toMatch(/^wm_toast=; Max-Age=0;/);
    const tampered = notice.replace("Post%20deleted", "Pay%20here");
    expect(toasts.takeToast(requestWith(tampered))).toEqual({ message: null, headers: new Headers() });
  });

  it("honour an enquiry's start stamp only with the site's signature", () => {
    const now = Date.now();
    const stamp = sentBack(
      stamps.stampHeaders(new Request("http://localhost/"), now - 60_000).get("set-cookie"),
    );
    expect(stamps.startedAt(requestWith(stamp), now)).toBe(now - 60_000);
    expect(stamps.stampHeaders(requestWith(stamp), now).get("set-cookie")).toBeNull();
    const earlier = stamp.replace(String(now - 60_000), String(now - 120_000));
    expect(stamps.startedAt(requestWith(earlier), now)).toBeUndefined();
    expect(stamps.stampHeaders(requestWith(earlier), now).get("set-cookie")).toMatch(/^wm_enquiry=\d{13}\./);
  });
});
