import { describe, expect, it } from "vitest";
import { holdsToken, loggedUrl, withoutTokens } from "~/.server/accounts/links.ts";

const token = "Ab3_-".repeat(8).concat("xyz");

describe("a link's token", () => {
  it("is taken out of a delivered message's text and HTML, the address and label kept", () => {
    const text = `Choose a new password:\nhttps://example.com/reset-password/${token}\n`;
    const html = `<p><a href="https://example.com/account/email/stop/${token}">This wasn&#39;t me</a></p>`;
    expect(holdsToken(text)).toBe(true);
    expect(withoutTokens(text)).toBe(
      "Choose a new password:\nhttps://example.com/reset-password/(removed once delivered)\n",
    );
    expect(withoutTokens(html)).not.toContain(token);
    expect(withoutTokens(html)).toContain("This wasn&#39;t me");
    expect(holdsToken(withoutTokens(text))).toBe(false);
  });

  it("is taken out of a delivered subscription confirmation too", () => {
    const text = `Confirm my subscription:\nhttps://example.com/subscribe/confirm/${token}\n`;
    expect(withoutTokens(text)).toBe(
      "Confirm my subscription:\nhttps://example.com/subscribe/confirm/(removed once delivered)\n",
    );
  });

  it("is not seen where there is none: other addresses and short look-alikes stay", () => {
    const text = "See https://example.com/reset-password/abc and https://example.com/blog/a-post\n";
    expect(holdsToken(text)).toBe(false);
    expect(withoutTokens(text)).toBe(text);
  });

  it.each([
    [`/reset-password/${token}`, "/reset-password/:token"],
    [`/RESET-PASSWORD/${token}`, "/reset-password/:token"],
    [`/reset-password/${token}.data?_routes=routes%2Freset-password`, "/reset-password/:token"],
    [`/reset%2Dpassword/${token}`, "/reset-password/:token"],
    [`/verify-email/${token}`, "/verify-email/:token"],
    [`/account/email/confirm/${token}?x=1`, "/account/email/confirm/:token"],
    [`/account/email/stop/${token}`, "/account/email/stop/:token"],
    [`/preview/${token}`, "/preview/:token"],
    [`/subscribe/confirm/${token}`, "/subscribe/confirm/:token"],
    ["/unsubscribe/0123456789abcdef01234567.c2lnbmF0dXJl", "/unsubscribe/:token"],
    [`/Preview/${token}?utm_source=mail`, "/preview/:token"],
    ["/preview/not-a-token", "/preview/:token"],
    ["/verify-email/resend", "/verify-email/resend"],
    ["/verify-email/resend.data", "/verify-email/resend.data"],
    ["/blog/a-post?page=2", "/blog/a-post?page=2"],
    ["/%E0%A4%A", "/%E0%A4%A"],
  ])("is never in the log: %s is logged as %s", (url, logged) => {
    expect(loggedUrl(url)).toBe(logged);
  });
});
