import { describe, expect, it } from "vitest";
import { cookieFromHeader, cookieValue, hasPersonalCookie } from "~/.server/http/cookies.ts";

describe("the site's one cookie reader", () => {
  it("reads a cookie wherever it stands, as the application does", () => {
    expect(cookieFromHeader("a=1; wm_toast=hello; b=2", "wm_toast")).toBe("hello");
    expect(cookieFromHeader("wm_toast=x=y", "wm_toast")).toBe("x=y");
    expect(cookieFromHeader("xwm_toast=1", "wm_toast")).toBeUndefined();
    expect(cookieFromHeader(undefined, "wm_toast")).toBeUndefined();
    expect(
      cookieValue(new Request("http://localhost/", { headers: { cookie: "wm_toast=1" } }), "wm_toast"),
    ).toBe("1");
  });

  // A space, a tab or a no-break space before the name: whatever the application reads as a
  // session, the page cache must too (decision 006).
  it.each([
    "wm.session_token=abc",
    " wm.session_token=abc",
    "\twm.session_token=abc",
    "\u00a0wm.session_token=abc",
    "a=1;\u00a0wm.session_token=abc",
    "a=1;;wm.session_token=abc",
    "__Secure-wm.session_token=abc",
    "wm_toast=notice",
    "wm.session_token=",
  ])("treats %j as personal", (header) => {
    expect(hasPersonalCookie(header)).toBe(true);
  });

  it.each(["", "a=1", "wm.session_tokenx=abc", "wm_form=token", "\u0085wm.session_token=abc"])(
    "treats %j as a visitor without a session",
    (header) => {
      expect(hasPersonalCookie(header)).toBe(false);
    },
  );
});
