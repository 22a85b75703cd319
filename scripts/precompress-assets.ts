import { readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import type { Plugin } from "vite";

const compressible = /\.(?:js|css|svg|json)$/;
const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

async function compress(file: string): Promise<void> {
  const source = await readFile(file);
  await writeFile(
    `${file}.br`,
    await brotli(source, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
      },
    }),
  );
  await writeFile(`${file}.gz`, await gzipped(source, { level: 9 }));
}

/**
 * Writes a Brotli (.br, best quality) and a gzip (.gz) copy next to each script and style of
 * the browser build, so the server sends them precompressed instead of compressing per request.
 * It runs once the server build is written: React Router writes the route manifest among the
 * browser's assets only then.
 */
export function precompressAssets(): Plugin {
  let assetsDirectory: string | undefined;
  return {
    name: "precompress-assets",
    apply: "build",
    async writeBundle(options) {
      const { consumer, build } = this.environment.config;
      if (consumer === "client") {
        assetsDirectory = options.dir && path.join(options.dir, build.assetsDir);
        return;
      }
      if (!assetsDirectory) return;
      const directory = assetsDirectory;
      const files = await readdir(directory);
      await Promise.all(
        files.filter((file) => compressible.test(file)).map((file) => compress(path.join(directory, file))),
      );
    },
  };
}
