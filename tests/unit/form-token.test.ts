import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { formTokenField } from "~/http/form-token-field.ts";
import { cookieNames } from "~/http/http-policy.ts";

type FormTokens = typeof import("~/.server/http/form-token.ts");
let tokens: FormTokens;

beforeAll(async () => {
  // The tokens are signed with the site's secret, read once from the configuration.
  process.env.DATA_DIR = mkdtempSync(path.join(tmpdir(), "wm-form-token-"));
  process.env.AUTH_SECRET = "a-test-secret-of-at-least-thirty-two-characters";
  tokens = await import("~/.server/http/form-token.ts");
});

const page = (cookie?: string) =>
  new Request("http://localhost/login", cookie ? { headers: { cookie } } : undefined);

function submission(sent: string | undefined, cookie: string | undefined): () => void {
  const form = new FormData();
  if (sent !== undefined) form.set(formTokenField, sent);
  return () => tokens.requireFormToken(page(cookie && `${cookieNames.formToken}=${cookie}`), form);
}

function refusal(run: () => void): number | undefined {
  try {
    run();
    return undefined;
  } catch (thrown) {
    return (thrown as { init?: { status?: number } }).init?.status;
  }
}

describe("the anti-forgery token of the forms used before signing in", () => {
  it("issues a signed token with its cookie, and keeps a visitor's valid one", () => {
    const first = tokens.issueFormToken(page());
    const cookie = first.headers.get("Set-Cookie") ?? "";
    expect(cookie).toContain(`${cookieNames.formToken}=${first.token}`);
    expect(cookie).toMatch(/HttpOnly; SameSite=Lax/);
    const again = tokens.issueFormToken(page(`${cookieNames.formToken}=${first.token}`));
    expect(again.token).toBe(first.token);
    expect(again.headers.get("Set-Cookie")).toBeNull();
  });

  it("accepts a form whose field matches its signed cookie", () => {
    const { token } = tokens.issueFormToken(page());
    expect(refusal(submission(token, token))).toBeUndefined();
  });

  it("refuses with 403 a missing field, a missing cookie, or a field that differs from the cookie", () => {
    const { token } = tokens.issueFormToken(page());
    const other = tokens.issueFormToken(page()).token;
    expect(refusal(submission(undefined, token))).toBe(403);
    expect(refusal(submission(token, undefined))).toBe(403);
    expect(refusal(submission(other, token))).toBe(403);
  });

  it("refuses a token the attacker made up, even when field and cookie agree", () => {
    const [value] = tokens.issueFormToken(page()).token.split(".");
    for (const forged of [`${value}.forged`, `${value}`, `${value}..`, `${value}.x.y`, "."]) {
      expect(refusal(submission(forged, forged)), forged).toBe(403);
    }
  });

  it("replaces a forged cookie with a fresh signed token", () => {
    const issued = tokens.issueFormToken(page(`${cookieNames.formToken}=made.up`));
    expect(issued.token).not.toBe("made.up");
    expect(issued.headers.get("Set-Cookie")).toContain(issued.token);
  });
});
