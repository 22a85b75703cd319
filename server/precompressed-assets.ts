import { existsSync, readdirSync, readFileSync } from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import path from "node:path";
import { acceptedCopy, type EncodedBody } from "./encodings.ts";

interface Asset extends EncodedBody {
  contentType: string;
}

const contentTypes: Record<string, string> = {
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".svg": "image/svg+xml",
  ".json": "application/json",
};

/**
 * The build's scripts and styles, held in memory with the Brotli and gzip copies the build
 * wrote next to them, and answered before Express runs. Their names change with their
 * content, so browsers may keep them for good.
 */
export class PrecompressedAssets {
  private readonly assets = new Map<string, Asset>();

  constructor(directory: string, urlPrefix: string) {
    if (!existsSync(directory)) return;
    for (const name of readdirSync(directory)) {
      const contentType = contentTypes[path.extname(name)];
      const file = path.join(directory, name);
      if (!contentType || !existsSync(`${file}.br`) || !existsSync(`${file}.gz`)) continue;
      this.assets.set(`${urlPrefix}${name}`, {
        contentType,
        body: readFileSync(file),
        gzip: readFileSync(`${file}.gz`),
        brotli: readFileSync(`${file}.br`),
      });
    }
  }

  /** Answers when the request is for one of the assets; returns false to let the application answer. */
  serve(req: IncomingMessage, res: ServerResponse): boolean {
    if (req.method !== "GET" && req.method !== "HEAD") return false;
    const asset = this.assets.get((req.url ?? "").split("?")[0] as string);
    if (!asset) return false;
    const { encoding, body } = acceptedCopy(req, asset);
    res.writeHead(200, {
      "Content-Type": asset.contentType,
      "Cache-Control": "public, max-age=31536000, immutable",
      Vary: "Accept-Encoding",
      "Content-Length": String(body.length),
      ...(encoding ? { "Content-Encoding": encoding } : {}),
    });
    res.end(req.method === "HEAD" ? undefined : body);
    return true;
  }
}
