import { dictionary } from "@zxcvbn-ts/language-common";
import { describe, expect, it } from "vitest";
import { isCommonPassword, refusingCommonPasswords } from "~/.server/accounts/passwords.ts";
import { logInSchema, registrationSchema } from "~/accounts/credentials-schema.ts";

const email = "someone@example.com";
const messages = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((issue) => issue.message) ?? [];
/** The message the form shows beside the field: the first. */
const shown = (result: Parameters<typeof messages>[0]) => messages(result)[0];

describe("the register form's password, in the browser and on the server", () => {
  it.each([
    ["", "Password is required"],
    ["1234567", "Password should be at least 8 characters"],
    ["🔑".repeat(7), "Password should be at least 8 characters"],
    ["x".repeat(65), "Password shouldn't be more than 64 characters"],
    ["🔑".repeat(65), "Password shouldn't be more than 64 characters"],
  ])("refuses %j: %s", (password, message) => {
    expect(shown(registrationSchema.safeParse({ email, password }))).toBe(message);
  });

  it("counts characters, not UTF-16 units: 8 to 64 of them, emoji included", () => {
    for (const password of ["x".repeat(8), "x".repeat(64), "🔑".repeat(8), "🔑".repeat(64)]) {
      expect(registrationSchema.safeParse({ email, password }).success).toBe(true);
    }
  });
});

describe("the log-in form's password", () => {
  it("is only required: accounts made under older rules, with shorter passwords, still sign in", () => {
    expect(messages(logInSchema.safeParse({ email, password: "" }))).toEqual(["Password is required"]);
    for (const password of ["abc12", "x".repeat(65), "password"]) {
      expect(logInSchema.safeParse({ email, password }).success).toBe(true);
    }
  });
});

describe("common passwords, refused on the server", () => {
  const serverSchema = refusingCommonPasswords(registrationSchema);
  const ranked = dictionary["passwords-common"];

  it("refuses exactly the 10 000 most common of the list, in any capitals", async () => {
    expect(await isCommonPassword(ranked[0] as string)).toBe(true);
    expect(await isCommonPassword(ranked[9_999] as string)).toBe(true);
    expect(await isCommonPassword(ranked[10_000] as string)).toBe(false);
    expect(await isCommonPassword("PassWord")).toBe(true);
    expect(await isCommonPassword("jacaranda-1921")).toBe(false);
  });

  it("adds its message to the shared schema's, beside the password, once the length is right", async () => {
    const common = await serverSchema.safeParseAsync({ email, password: "baseball" });
    expect(common.error?.issues).toMatchObject([
      { path: ["password"], message: "This password is too common; choose another" },
    ]);
    expect(messages(await serverSchema.safeParseAsync({ email, password: "123456" }))).toEqual([
      "Password should be at least 8 characters",
    ]);
    expect((await serverSchema.safeParseAsync({ email, password: "jacaranda-1921" })).success).toBe(true);
  });
});
