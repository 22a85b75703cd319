import { mkdtempSync, readdirSync, renameSync, rmSync } from "node:fs";
import path from "node:path";
import { build, type Plugin } from "vite";

/**
 * How the server's JavaScript is written: each thread keeps the source text of every module it
 * loads, one byte a character when the text is ASCII only (two otherwise), so letters outside
 * ASCII are escaped and doc comments, which are for the sources, left out.
 */
export const serverText = { charset: "ascii", comments: { jsdoc: false } } as const;

/**
 * What the server's build leaves as imports of node_modules: native addons, PostgreSQL's
 * driver (whose optional native binding a bundle cannot resolve), pino (whose transports start
 * a worker from its own files: the log's pretty printer when the build runs outside
 * production), and Vite, which only development loads.
 */
export const leftInNodeModules = ["better-sqlite3", "pg", "pino", "vite"];

/**
 * Builds the HTTP server (`server/start.ts`, then `server.ts` and what it imports) and, in the
 * same graph, React Router's server build just written, with the libraries both import
 * (decision 043). The server is written to `build/server.js` and the application stays
 * `build/server/index.js`; the chunks they share sit beside `build/server.js`, each library
 * in one copy, as decision 001 asks of React Router and React. Node then runs plain
 * JavaScript: stripping TypeScript's types at run time loads a compiler into every thread,
 * 9 to 17 MB each; and a thread that loads a dozen chunks holds about 10 MB less than one
 * that loads the 1 300 modules of the libraries one by one.
 */
export function serverBuild(): Plugin {
  return {
    name: "server-build",
    apply: "build",
    async writeBundle() {
      if (this.environment.config.consumer !== "server") return;
      const root = this.environment.config.root;
      const outDir = path.join(root, "build");
      const applicationDir = path.join(outDir, "server");
      // Written aside, then moved in: the application's build is one of the inputs.
      const staging = mkdtempSync(path.join(outDir, ".server-"));
      try {
        await build({
          configFile: false,
          root,
          logLevel: "warn",
          publicDir: false,
          resolve: { tsconfigPaths: true },
          ssr: { noExternal: true },
          build: {
            ssr: true,
            outDir: staging,
            emptyOutDir: false,
            target: "node22",
            minify: false,
            rolldownOptions: {
              input: {
                server: path.join(root, "server", "start.ts"),
                "server/index": path.join(applicationDir, "index.js"),
              },
              external: (id) =>
                id.startsWith("node:") ||
                leftInNodeModules.some((name) => id === name || id.startsWith(`${name}/`)),
              // React Router marks its modules "use client", which means nothing to a server.
              onLog: (level, log, handler) => {
                if (log.code !== "MODULE_LEVEL_DIRECTIVE") handler(level, log);
              },
              output: { entryFileNames: "[name].js", chunkFileNames: "server-[hash].js", ...serverText },
            },
          },
        });
        // The last build's chunks, whose names change with their content, and the application's
        // build as React Router wrote it.
        for (const name of readdirSync(outDir).filter((file) => /^server(-[\w-]+)?\.js$/.test(file)))
          rmSync(path.join(outDir, name));
        rmSync(applicationDir, { recursive: true });
        for (const name of readdirSync(staging))
          renameSync(path.join(staging, name), path.join(outDir, name));
      } finally {
        rmSync(staging, { recursive: true, force: true });
      }
    },
  };
}
