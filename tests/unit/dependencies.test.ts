import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "..", "..");
const readJson = (file: string) => JSON.parse(readFileSync(path.join(root, file), "utf8"));

const manifest = readJson("package.json") as {
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
};
const lock = readJson("package-lock.json") as { packages: Record<string, { version?: string }> };

const isReactRouter = (name: string) => name === "react-router" || name.startsWith("@react-router/");
const declared = Object.entries({ ...manifest.dependencies, ...manifest.devDependencies }).filter(([name]) =>
  isReactRouter(name),
);

/**
 * `@react-router/express` and `@react-router/node` each require one exact `react-router`
 * version, and the registry often has `react-router` ahead of `@react-router/dev`: the
 * packages move together or not at all (see the README's "Pinned versions").
 */
describe("the React Router packages", () => {
  const version = declared.find(([name]) => name === "react-router")?.[1];

  it("are declared at one exact version", () => {
    expect(version).toMatch(/^\d+\.\d+\.\d+$/);
    expect(declared.length).toBeGreaterThanOrEqual(4);
    expect(Object.fromEntries(declared)).toEqual(
      Object.fromEntries(declared.map(([name]) => [name, version])),
    );
  });

  it("are locked at that version, with no other copy anywhere in the tree", () => {
    const locked = Object.entries(lock.packages)
      .filter(([location]) => isReactRouter(location.split("node_modules/").at(-1) ?? ""))
      .map(([location, entry]) => [location, entry.version]);
    expect(locked.map(([location]) => location)).toEqual(
      expect.arrayContaining(declared.map(([name]) => `node_modules/${name}`)),
    );
    expect(Object.fromEntries(locked)).toEqual(
      Object.fromEntries(locked.map(([location]) => [location, version])),
    );
  });

  it("are installed at that version", () => {
    const installed = declared
      .map(([name]) => path.join("node_modules", name, "package.json"))
      .filter((file) => existsSync(path.join(root, file)))
      .map((file) => [file, readJson(file).version]);
    expect(installed).toHaveLength(declared.length);
    expect(Object.fromEntries(installed)).toEqual(
      Object.fromEntries(installed.map(([file]) => [file, version])),
    );
  });
});
