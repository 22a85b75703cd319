import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { loadConfig } from "~/.server/config.ts";

const root = path.resolve(import.meta.dirname, "..", "..");
const read = (file: string) => readFileSync(path.join(root, file), "utf8");

/** `# NAME=value` lines: each setting, commented out, with an example value. */
const examples = new Map(
  [...read(".env.example").matchAll(/^# ([A-Z][A-Z0-9_]*)=(.*)$/gm)].map(([, name, value]) => [
    name as string,
    value as string,
  ]),
);

describe(".env.example", () => {
  it("lists every variable of the README's settings tables", () => {
    const tableRows = read("README.md")
      .split("\n")
      .filter((line) => /^\| `[A-Z]/.test(line));
    const documented = tableRows.flatMap((row) =>
      [...(row.split("|")[1] ?? "").matchAll(/`([A-Z][A-Z0-9_]*)`/g)].map(([, name]) => name),
    );
    expect(documented.length).toBeGreaterThan(10);
    expect([...new Set(documented)].filter((name) => !examples.has(name as string))).toEqual([]);
  });

  it("lists each setting once", () => {
    const names = [...read(".env.example").matchAll(/^# ([A-Z][A-Z0-9_]*)=/gm)].map(([, name]) => name);
    expect(names.filter((name, index) => names.indexOf(name) !== index)).toEqual([]);
  });

  it("lists every variable the configuration reads", () => {
    const schemaKeys = [...read("app/.server/config.ts").matchAll(/^ {2}([A-Z][A-Z0-9_]*): /gm)].map(
      ([, name]) => name,
    );
    expect(schemaKeys).toContain("DATABASE_URL");
    expect(schemaKeys.filter((name) => !examples.has(name as string))).toEqual([]);
  });

  it("gives examples that, all uncommented, make a valid configuration", () => {
    const env = { ...Object.fromEntries(examples), DATA_DIR: mkdtempSync(path.join(tmpdir(), "wm-env-")) };
    expect(() => loadConfig(env)).not.toThrow();
  });

  it("is read by every npm script that starts the site or works on its data", () => {
    const { scripts } = JSON.parse(read("package.json")) as { scripts: Record<string, string> };
    for (const name of ["start", "serve", "dev", "db:migrate", "db:seed", "backup", "restore"]) {
      expect(scripts[name], name).toMatch(
        /(^|&& )(NODE_ENV=\w+ )?node --env-file-if-exists=\.env (scripts\/[\w-]+\.ts|server\.ts|build\/server\.js)$/,
      );
    }
  });
});

describe("npm scripts", () => {
  const { scripts } = JSON.parse(read("package.json")) as { scripts: Record<string, string> };

  it("each check the Node version first, so an old Node gets one line saying how to retry", () => {
    const unchecked = Object.entries(scripts)
      .filter(([, command]) => !command.startsWith("node scripts/check-node.mjs && "))
      .map(([name]) => name);
    expect(unchecked).toEqual([]);
  });

  it("say the exact command to retry with Node 24", async () => {
    const { spawnSync } = await import("node:child_process");
    const oldNode = ["/usr/bin/node", "/usr/local/bin/node"].find(
      (candidate) =>
        spawnSync(candidate, ["-p", "process.versions.node.split('.')[0] < 22"]).stdout?.toString().trim() ===
        "true",
    );
    if (!oldNode) return;
    const run = spawnSync(oldNode, ["scripts/check-node.mjs"], {
      cwd: root,
      env: { ...process.env, npm_lifecycle_event: "db:seed" },
    });
    expect(run.status).toBe(1);
    expect(run.stderr.toString().trim().split("\n")).toHaveLength(1);
    expect(run.stderr.toString()).toContain("npx -y -p node@24 -- npm run db:seed");
  });
});
