import { existsSync } from "node:fs";
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
 * The route manifest joins the browser's files only during the server build, so that build
 * compresses whatever the browser build left without copies.
 */
export function precompressAssets(): Plugin {
  let clientDirectory: string | undefined;
  return {
    name: "precompress-assets",
    apply: "build",
    async writeBundle(options, bundle) {
      if (!options.dir) return;
      if (this.environment.config.consumer === "client") {
        clientDirectory = options.dir;
        const directory = options.dir;
        await Promise.all(
          Object.keys(bundle)
            .filter((file) => compressible.test(file))
            .map((file) => compress(path.join(directory, file))),
        );
        return;
      }
      if (!clientDirectory) return;
      const directory = clientDirectory;
      const files = await readdir(directory, { recursive: true });
      await Promise.all(
        files
          .filter((file) => compressible.test(file) && !existsSync(path.join(directory, `${file}.br`)))
          .map((file) => compress(path.join(directory, file))),
      );
    },
  };
}
