import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import type { Plugin } from "vite";

const compressible = /\.(?:js|css|svg|json)$/;
const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/**
 * Writes a Brotli (.br, best quality) and a gzip (.gz) copy next to each script and style of
 * the browser build, so the server sends them precompressed instead of compressing per request.
 */
export function precompressAssets(): Plugin {
  return {
    name: "precompress-assets",
    apply: "build",
    async writeBundle(options, bundle) {
      if (this.environment.config.consumer !== "client" || !options.dir) return;
      const directory = options.dir;
      await Promise.all(
        Object.keys(bundle)
          .filter((file) => compressible.test(file))
          .map(async (file) => {
            const source = await readFile(path.join(directory, file));
            const size = source.length;
            await writeFile(
              path.join(directory, `${file}.br`),
              await brotli(source, {
                params: {
                  [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                  [constants.BROTLI_PARAM_SIZE_HINT]: size,
                },
              }),
            );
            await writeFile(path.join(directory, `${file}.gz`), await gzipped(source, { level: 9 }));
          }),
      );
    },
  };
}
