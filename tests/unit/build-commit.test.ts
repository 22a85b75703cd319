import { execFileSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { buildCommit } from "../../scripts/build-commit.ts";

const root = path.resolve(import.meta.dirname, "..", "..");
const outsideAnyRepository = mkdtempSync(path.join(tmpdir(), "wm-no-git-"));

describe("the commit a build is made from", () => {
  it("is COMMIT when the builder sets it, else SOURCE_VERSION", () => {
    expect(buildCommit({ COMMIT: " 0123abc ", SOURCE_VERSION: "fedcba9" }, outsideAnyRepository)).toBe(
      "0123abc",
    );
    expect(buildCommit({ COMMIT: "", SOURCE_VERSION: "fedcba9" }, outsideAnyRepository)).toBe("fedcba9");
  });

  it("is the checkout's HEAD when no variable names one", () => {
    const head = execFileSync("git", ["rev-parse", "HEAD"], { cwd: root, encoding: "utf8" }).trim();
    expect(buildCommit({}, root)).toBe(head);
  });

  it("is unknown outside a repository", () => {
    expect(buildCommit({}, outsideAnyRepository)).toBeUndefined();
  });

  it("refuses a value that is not a commit hash or tag, naming the variable", () => {
    expect(() => buildCommit({ SOURCE_VERSION: "<script>alert(1)</script>" }, root)).toThrow(
      /^SOURCE_VERSION must be a commit hash or tag/,
    );
  });
});
