import mdx from "@mdx-js/rollup";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import remarkFrontmatter from "remark-frontmatter";
import remarkGfm from "remark-gfm";
import remarkMdxFrontmatter from "remark-mdx-frontmatter";
import { defineConfig } from "vite";
import { buildCommit } from "./scripts/build-commit.ts";
import { precompressAssets } from "./scripts/precompress-assets.ts";
import { readingScripts } from "./scripts/reading-scripts.ts";
import { serverBuild, serverText } from "./scripts/server-build.ts";

export default defineConfig({
  plugins: [
    tailwindcss(),
    // Only .mdx pages are components; plain .md files (the sample articles) are read as text.
    mdx({ mdExtensions: [], remarkPlugins: [remarkFrontmatter, remarkMdxFrontmatter, remarkGfm] }),
    reactRouter(),
    readingScripts(),
    precompressAssets(),
    serverBuild(),
  ],
  resolve: { tsconfigPaths: true },
  // Every server thread keeps its modules' source text: an ASCII-only text takes one byte a
  // character, not two, and the doc comments are for the sources (decision 043).
  environments: { ssr: { build: { rolldownOptions: { output: serverText } } } },
  define: { "import.meta.env.COMMIT": JSON.stringify(buildCommit(process.env, import.meta.dirname) ?? null) },
});
