import { createHash } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { acceptedCopy, type EncodedBody, ownCopy } from "../encodings.ts";
import { SegmentedLru } from "./segmented-lru.ts";
import { mayKeep } from "./sharing.ts";

/**
 * Finished pages for visitors without a session, kept in memory and answered before Express
 * and React Router run. Only what `sharing.ts` allows is kept (decision 006): the server
 * never decides on its own that a response may be shared. An entry is good while the
 * content version (bumped in the database by every post write, so shared by every instance)
 * and Sydney's date are what they were when it was made: pages say things that change with
 * the day unasked (a space available from a date, the footer's year).
 */
/** What a signed-in reader's page is made from: a page as the cache keeps it. */
export type SharedPage = Pick<Entry, "body" | "contentType" | "contentSecurityPolicy">;

interface Entry extends EncodedBody {
  version: number;
  /** Sydney's date when it was made (2026-12-01). */
  day: string;
  contentType: string;
  cacheControl: string;
  /** A policy of its own, allowing the page's scripts by their hashes (decision 008). */
  contentSecurityPolicy: string;
  etag: string;
  bytes: number;
}

export interface PageCacheOptions {
  maxBytes: number;
  /** The current content version as last read; undefined while it is being re-read. */
  version: () => number | undefined;
  /** Sydney's date now. */
  day: () => string;
  /** The script policy for a stored body. */
  policyFor: (body: Buffer) => string;
}

export class PageCache {
  private readonly entries: SegmentedLru<Entry>;
  private readonly options: PageCacheOptions;

  constructor(options: PageCacheOptions) {
    this.options = options;
    this.entries = new SegmentedLru(options.maxBytes);
  }

  get bytes(): number {
    return this.entries.bytes;
  }

  /** Answers from the cache when it holds the page under `key`; returns false to let the application answer. */
  serve(req: IncomingMessage, res: ServerResponse, key: string): boolean {
    const entry = this.current(key);
    if (!entry) return false;
    const headers: Record<string, string> = {
      "Content-Type": entry.contentType,
      "Content-Security-Policy": entry.contentSecurityPolicy,
      "Cache-Control": entry.cacheControl,
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
    res.writeHead(200, headers);
    res.end(req.method === "HEAD" ? undefined : body);
    return true;
  }

  /** The stored page for a key while it is current: what a signed-in reader's page is made from. */
  fresh(key: string): SharedPage | undefined {
    return this.current(key);
  }

  private current(key: string): Entry | undefined {
    const entry = this.entries.get(key);
    if (!entry || entry.version !== this.options.version() || entry.day !== this.options.day())
      return undefined;
    return entry;
  }

  /**
   * A page the application renders for no one outside a visitor's request (for a signed-in
   * reader whose page is not cached here yet): stored under the same rules as `record`, and
   * returned when it is a page the cache could keep, stored or not (while the content version
   * is being re-read nothing is stored, but the page is as current as any render).
   */
  async renderShared(key: string, render: () => Promise<Response>): Promise<SharedPage | undefined> {
    const version = this.options.version();
    const day = this.options.day();
    const response = await render();
    const body = Buffer.from(await response.arrayBuffer());
    const contentType = response.headers.get("content-type") ?? "";
    const cacheControl = response.headers.get("cache-control") ?? "";
    const setsCookie = response.headers.has("set-cookie");
    // Only a document has personal parts to put in.
    if (
      !mayKeep({ status: response.status, cacheControl, setsCookie, contentType }) ||
      !contentType.startsWith("text/html")
    )
      return undefined;
    if (version === undefined)
      return { body, contentType, contentSecurityPolicy: this.options.policyFor(body) };
    this.store(key, { version, day, contentType, cacheControl, body });
    return this.entries.get(key);
  }

  /**
   * Records what the application sends for a visitor's GET, as it leaves, when the request's
   * address is the canonical one for its key. The content version is read before the page is
   * made, so a write during rendering never leaves a stale page marked as current.
   */
  record(req: IncomingMessage, res: ServerResponse, key: string): void {
    if (req.method !== "GET" || key !== req.url) return;
    const version = this.options.version();
    if (version === undefined) return;
    const day = this.options.day();
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
      const cacheControl = String(res.getHeader("cache-control") ?? "");
      const setsCookie = res.hasHeader("set-cookie");
      if (!mayKeep({ status: res.statusCode, cacheControl, setsCookie, contentType })) return;
      this.store(key, { version, day, contentType, cacheControl, body: Buffer.concat(chunks) });
    });
  }

  private store(
    key: string,
    page: Omit<Entry, "etag" | "gzip" | "brotli" | "bytes" | "contentSecurityPolicy">,
  ): void {
    const body = ownCopy(page.body);
    const gzip = ownCopy(gzipSync(body, { level: 9 }));
    const brotli = ownCopy(brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } }));
    this.entries.set(key, {
      ...page,
      body,
      gzip,
      brotli,
      contentSecurityPolicy: this.options.policyFor(body),
      etag: `"${createHash("sha1").update(body).digest("base64url")}"`,
      // What the buffers hold in memory, not their lengths: the bound is then kept whatever they view.
      bytes: body.buffer.byteLength + gzip.buffer.byteLength + brotli.buffer.byteLength + key.length,
    });
  }
}
