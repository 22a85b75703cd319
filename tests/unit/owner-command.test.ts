import { describe, expect, it } from "vitest";
import { ownerCommand } from "~/.server/accounts/owner-command.ts";

describe("npm run owner", () => {
  it("answers anything but add EMAIL, remove EMAIL or list with its usage, before opening the database", async () => {
    for (const args of [
      [],
      ["promote", "a@example.com"],
      ["add"],
      ["list", "a@example.com"],
      ["add", "a@b.c", "x"],
    ]) {
      await expect(ownerCommand(args)).rejects.toThrow(
        "usage: npm run owner -- add EMAIL | remove EMAIL | list",
      );
    }
  });
});
