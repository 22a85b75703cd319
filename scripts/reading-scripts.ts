import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { minify, type Plugin, transformWithOxc } from "vite";

const sourceDir = path.resolve(import.meta.dirname, "..", "app", "reading-scripts");
const moduleId = "virtual:reading-scripts";
const resolvedId = `\0${moduleId}`;

interface BuiltScript {
  name: string;
  fileName: string;
  code: string;
}

/** Each script compiled and minified on its own (they import nothing), named by its content. */
async function buildScripts(): Promise<BuiltScript[]> {
  const names = readdirSync(sourceDir)
    .filter((file) => file.endsWith(".ts"))
    .map((file) => file.slice(0, -3));
  return Promise.all(
    names.map(async (name) => {
      const file = path.join(sourceDir, `${name}.ts`);
      const { code: javascript } = await transformWithOxc(readFileSync(file, "utf8"), file, { lang: "ts" });
      const { code } = await minify(`${name}.js`, javascript, { module: true });
      const hash = createHash("sha256").update(code).digest("base64url").slice(0, 8);
      return { name, fileName: `assets/${name}-${hash}.js`, code };
    }),
  );
}

/**
 * The reading pages' small scripts (app/reading-scripts/*.ts; decision 025): TypeScript like
 * the rest, built into the browser's assets with hashed names (served with immutable caching
 * and precompressed like the app's own), and known to both builds as
 * `import { readingScripts } from "virtual:reading-scripts"`. In development each is served
 * from its source by Vite.
 */
export function readingScripts(): Plugin {
  let built: Promise<BuiltScript[]> | undefined;
  /** Built once, for both builds (the browser's and the server's) in one run. */
  const scripts = () => {
    built ??= buildScripts();
    return built;
  };
  let serving = false;
  return {
    name: "reading-scripts",
    configResolved(config) {
      serving = config.command === "serve";
    },
    resolveId(id) {
      return id === moduleId ? resolvedId : undefined;
    },
    async load(id) {
      if (id !== resolvedId) return undefined;
      const urls = serving
        ? readdirSync(sourceDir)
            .filter((file) => file.endsWith(".ts"))
            .map((file) => [file.slice(0, -3), `/app/reading-scripts/${file}`])
        : (await scripts()).map(({ name, fileName }) => [name, `/${fileName}`]);
      return `export const readingScripts = ${JSON.stringify(Object.fromEntries(urls))};`;
    },
    async generateBundle() {
      if (serving || this.environment.name !== "client") return;
      for (const { fileName, code } of await scripts())
        this.emitFile({ type: "asset", fileName, source: code });
    },
  };
}
