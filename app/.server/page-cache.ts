import { createHash } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { acceptedCopy, type EncodedBody } from "./encodings.ts";

/**
 * Finished responses for visitors without a session, kept in memory and answered before
 * Express and React Router run. An entry is good while the content version (bumped in the
 * database by every post write, so shared by every instance) and the year (the footer's)
 * are what they were when it was made.
 */
interface Entry extends EncodedBody {
  version: number;
  year: number;
  status: number;
  contentType: string;
  /** The policy the page was made under: its scripts carry that render's nonce. */
  contentSecurityPolicy: string;
  etag: string;
}

const cacheableTypes = /^(text\/html|text\/plain|application\/xml|application\/rss\+xml)/;
const personalCookies = /(?:^|;\s*)(?:__Secure-)?(?:wm\.session_token|wm_toast)=/;
const uncachedPaths =
  /^\/(?:api\/|images\/|assets\/|healthz|status|logout|login|register|create-|edit-post|dashboard)/;
export const anonymousCacheControl = "public, max-age=0, must-revalidate";

export interface PageCacheOptions {
  maxEntries: number;
  /** The current content version as last read; undefined while it is being re-read. */
  version: () => number | undefined;
  year: () => number;
}

export class PageCache {
  private readonly entries = new Map<string, Entry>();
  private readonly options: PageCacheOptions;

  constructor(options: PageCacheOptions) {
    this.options = options;
  }

  /** Whether this request may be answered from, or stored in, the cache. */
  cacheable(req: IncomingMessage): boolean {
    if (req.method !== "GET" && req.method !== "HEAD") return false;
    const url = req.url ?? "";
    if (uncachedPaths.test(url) || url.includes(".data")) return false;
    return !personalCookies.test(req.headers.cookie ?? "");
  }

  /** Answers from the cache when it can; returns false to let the application answer. */
  serve(req: IncomingMessage, res: ServerResponse): boolean {
    if (!this.cacheable(req)) return false;
    const entry = this.entries.get(req.url ?? "");
    if (!entry || entry.version !== this.options.version() || entry.year !== this.options.year())
      return false;
    // Most recently used last, so eviction takes the oldest.
    this.entries.delete(req.url ?? "");
    this.entries.set(req.url ?? "", entry);
    const headers: Record<string, string> = {
      "Content-Type": entry.contentType,
      "Content-Security-Policy": entry.contentSecurityPolicy,
      "Cache-Control": anonymousCacheControl,
      ETag: entry.etag,
      Vary: "Accept-Encoding",
    };
    if (req.headers["if-none-match"] === entry.etag) {
      res.writeHead(304, headers).end();
      return true;
    }
    const { encoding, body } = acceptedCopy(req, entry);
    if (encoding) headers["Content-Encoding"] = encoding;
    headers["Content-Length"] = String(body.length);
    res.writeHead(entry.status, headers);
    res.end(req.method === "HEAD" ? undefined : body);
    return true;
  }

  /**
   * Records what the application sends for a cacheable request, as it leaves; the content
   * version is read before the page is made, so a write during rendering never leaves a
   * stale page marked as current.
   */
  record(req: IncomingMessage, res: ServerResponse): void {
    if (req.method !== "GET" || !this.cacheable(req)) return;
    const version = this.options.version();
    if (version === undefined) return;
    const year = this.options.year();
    const chunks: Buffer[] = [];
    const write = res.write.bind(res) as (chunk: unknown, ...rest: unknown[]) => boolean;
    const end = res.end.bind(res) as (...args: unknown[]) => ServerResponse;
    const keep = (chunk: unknown) => {
      if (chunk && typeof chunk !== "function") chunks.push(Buffer.from(chunk as string));
    };
    res.write = ((chunk: unknown, ...rest: unknown[]) => {
      keep(chunk);
      return write(chunk, ...rest);
    }) as typeof res.write;
    res.end = ((chunk?: unknown, ...rest: unknown[]) => {
      keep(chunk);
      return end(chunk, ...rest);
    }) as typeof res.end;
    res.on("finish", () => {
      const contentType = String(res.getHeader("content-type") ?? "");
      if (res.statusCode !== 200 || res.getHeader("set-cookie") || !cacheableTypes.test(contentType)) return;
      if (/no-store|private/.test(String(res.getHeader("cache-control") ?? ""))) return;
      const contentSecurityPolicy = String(res.getHeader("content-security-policy") ?? "");
      this.store(req.url ?? "", {
        version,
        year,
        status: 200,
        contentType,
        contentSecurityPolicy,
        body: Buffer.concat(chunks),
      });
    });
  }

  private store(key: string, page: Omit<Entry, "etag" | "gzip" | "brotli">): void {
    const entry: Entry = {
      ...page,
      etag: `"${createHash("sha1").update(page.body).digest("base64url")}"`,
      gzip: gzipSync(page.body, { level: 9 }),
      brotli: brotliCompressSync(page.body, { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } }),
    };
    this.entries.delete(key);
    this.entries.set(key, entry);
    if (this.entries.size > this.options.maxEntries) {
      this.entries.delete(this.entries.keys().next().value as string);
    }
  }
}
