import { readdirSync, rmSync } from "node:fs";
import path from "node:path";
import { build, type Plugin } from "vite";

/**
 * How the server's JavaScript is written: each thread keeps the source text of every module it
 * loads, one byte a character when the text is ASCII only (two otherwise), so letters outside
 * ASCII are escaped and doc comments, which are for the sources, left out.
 */
export const serverText = { charset: "ascii", comments: { jsdoc: false } } as const;

/**
 * Builds the HTTP server (`server/start.ts`, then `server.ts` and what it imports) into
 * `build/server.js` once React Router's server build is written (decision 043). Node then
 * runs plain JavaScript: stripping TypeScript's types at run time loads a compiler into every
 * thread, 9 to 17 MB each. Libraries stay imports of node_modules, shared with the
 * application's build, as React Router and React must be.
 */
export function serverBuild(): Plugin {
  return {
    name: "server-build",
    apply: "build",
    async writeBundle() {
      if (this.environment.config.consumer !== "server") return;
      const root = this.environment.config.root;
      const outDir = path.join(root, "build");
      // The last build's chunks, whose names change with their content.
      for (const name of readdirSync(outDir).filter((file) => /^server(-[\w-]+)?\.js$/.test(file)))
        rmSync(path.join(outDir, name));
      await build({
        configFile: false,
        root,
        logLevel: "warn",
        publicDir: false,
        resolve: { tsconfigPaths: true },
        build: {
          ssr: path.join(root, "server", "start.ts"),
          outDir,
          emptyOutDir: false,
          target: "node22",
          minify: false,
          rolldownOptions: {
            output: { entryFileNames: "server.js", chunkFileNames: "server-[hash].js", ...serverText },
          },
        },
      });
    },
  };
}
