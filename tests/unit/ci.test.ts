import { readFileSync } from "node:fs";
import path from "node:path";
import { validateWorkflow } from "@action-validator/core";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "..", "..");
const read = (file: string) => readFileSync(path.join(root, file), "utf8");

describe("continuous integration", () => {
  it("has a GitHub Actions workflow that its schema accepts", () => {
    const { errors } = validateWorkflow(read(".github/workflows/ci.yml"));
    expect(errors).toEqual([]);
  });

  it("can tell a broken workflow (the validator is really checking)", () => {
    const broken = read(".github/workflows/ci.yml").replace("runs-on:", "runs_on:");
    expect(validateWorkflow(broken).errors.length).toBeGreaterThan(0);
  });

  it("runs the same checks in the workflow as in .ci/run", () => {
    expect(read(".ci/run")).toMatch(/^bash scripts\/ci\/checks\.sh$/m);
    expect(read(".github/workflows/ci.yml")).toMatch(/^ {6}- run: bash scripts\/ci\/checks\.sh$/m);
  });

  it("needs nothing outside the repository", () => {
    expect(read(".ci/run")).not.toMatch(/\.\.\/shared|\/work\//);
  });
});
