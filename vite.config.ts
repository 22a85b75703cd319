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
import { serverBuild } from "./scripts/server-build.ts";

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
  define: { "import.meta.env.COMMIT": JSON.stringify(buildCommit(process.env, import.meta.dirname) ?? null) },
});
