import { readFileSync } from "node:fs";
import sharp from "sharp";
import * as tus from "tus-js-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signedUp } from "../support/author.ts";
import {
  decompressionBomb,
  photoJpeg,
  plainImage,
  pngWithTransparency,
  svgImage,
  turnedUpright,
} from "../support/images.ts";
import { childrenOf } from "../support/processes.ts";
import { type RunningServer, startServer } from "../support/server.ts";
import { storedFor } from "../support/stored-objects.ts";
import { occupyImageProcessing, tusUpload, type UploadOptions } from "../support/tus.ts";

describe("cover image uploads (tus)", () => {
  let server: RunningServer;
  let cookie: string;
  let otherCookie: string;
  let refusalsCookie: string;

  const signIn = async (email: string) => (await signedUp(server.url, email)).cookieHeader;

  beforeAll(async () => {
    server = await startServer();
    cookie = await signIn("uploader@example.com");
    otherCookie = await signIn("someone.else@example.com");
    refusalsCookie = await signIn("refused@example.com");
  });
  afterAll(async () => {
    await server?.stop();
  });

  const upload = (file: Buffer, options: UploadOptions = {}) =>
    tusUpload(server.url, file, { ...options, cookie: options.cookie ?? cookie });

  /** Starts an upload in small chunks and drops it once more than `bytes` have been sent. */
  function interruptedUpload(file: Buffer, bytes: number): Promise<string> {
    return new Promise((resolve) => {
      void upload(file, {
        chunkSize: 256 * 1024,
        onProgress: (sent, request) => {
          if (sent >= bytes && request.url) {
            void request.abort();
            resolve(request.url);
          }
        },
      });
    });
  }

  async function variant(id: string, name: string) {
    const response = await fetch(`${server.url}/images/${id}/${name}`);
    return { response, body: Buffer.from(await response.arrayBuffer()) };
  }

  it("announces the tus protocol and its 20 MB limit", async () => {
    const response = await fetch(`${server.url}/api/uploads`, { method: "OPTIONS", headers: { cookie } });
    expect(response.headers.get("tus-version")).toContain("1.0.0");
    expect(response.headers.get("tus-max-size")).toBe(String(20 * 1024 * 1024));
  });

  it("takes a small image in one request and makes every variant, right sizes and formats", async () => {
    const outcome = await upload(await photoJpeg(1600, 1200));
    expect(outcome.status).toBeUndefined();
    const id = outcome.id as string;
    for (const [width, height] of [
      [400, 300],
      [800, 600],
      [1260, 945],
    ]) {
      for (const [ext, format, type] of [
        ["avif", "heif", "image/avif"],
        ["webp", "webp", "image/webp"],
        ["jpg", "jpeg", "image/jpeg"],
      ]) {
        const { response, body } = await variant(id, `${width}.${ext}`);
        expect(response.status, `${width}.${ext}`).toBe(200);
        expect(response.headers.get("content-type")).toBe(type);
        expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
        expect(response.headers.get("x-content-type-options")).toBe("nosniff");
        const meta = await sharp(body).metadata();
        expect([meta.format, meta.width, meta.height]).toEqual([format, width, height]);
      }
    }
  });

  it.skipIf(process.platform !== "linux")(
    "makes the variants in a process that exits: libvips never enters the server",
    async () => {
      const { id } = await upload(await photoJpeg(1600, 1200));
      expect((await variant(id as string, "800.avif")).response.status).toBe(200);
      const mapped = readFileSync(`/proc/${server.pid}/maps`, "utf8").split("\n");
      expect(mapped.filter((line) => line.includes("libvips"))).toEqual([]);
      // The upload is answered once the image's process has exited and been reaped.
      expect(childrenOf(server.pid)).toEqual([]);
    },
  );

  it("never upscales and keeps transparency in a PNG fallback", async () => {
    const { id } = await upload(await pngWithTransparency(300, 200), { name: "logo.png", type: "image/png" });
    expect((await variant(id as string, "300.png")).response.status).toBe(200);
    expect((await sharp((await variant(id as string, "300.png")).body).metadata()).hasAlpha).toBe(true);
    expect((await variant(id as string, "400.webp")).response.status).toBe(404);
    expect((await variant(id as string, "300.jpg")).response.status).toBe(404);
  });

  it("takes a 5 MB photo in chunks", async () => {
    const file = await photoJpeg(4000, 3000, 92);
    expect(file.length).toBeGreaterThan(5 * 1024 * 1024);
    const chunks: number[] = [];
    const outcome = await upload(file, { chunkSize: 1024 * 1024, onProgress: (sent) => chunks.push(sent) });
    expect(outcome.id).toBeDefined();
    expect(chunks.length).toBeGreaterThan(4);
    const meta = await sharp((await variant(outcome.id as string, "1260.webp")).body).metadata();
    expect([meta.width, meta.height]).toEqual([1260, 945]);
  });

  it("resumes an interrupted upload where it stopped", async () => {
    const file = await photoJpeg(2400, 1800, 95);
    const first = await interruptedUpload(file, 512 * 1024);
    const head = await fetch(first, { method: "HEAD", headers: { cookie, "tus-resumable": "1.0.0" } });
    const offset = Number(head.headers.get("upload-offset"));
    expect(offset).toBeGreaterThan(0);
    expect(offset).toBeLessThan(file.length);
    const sent: number[] = [];
    const resumed = await upload(file, {
      uploadUrl: first,
      chunkSize: 256 * 1024,
      onProgress: (n) => sent.push(n),
    });
    expect(resumed.id).toBe(first.split("/").pop());
    expect(Math.min(...sent)).toBeGreaterThanOrEqual(offset);
    expect((await variant(resumed.id as string, "800.avif")).response.status).toBe(200);
  });

  it("lets the uploader cancel, leaving nothing behind", async () => {
    const file = await photoJpeg(2400, 1800, 95);
    const url = await interruptedUpload(file, 0);
    const id = url.split("/").pop() as string;
    await tus.Upload.terminate(url, { headers: { cookie } });
    const head = await fetch(url, { method: "HEAD", headers: { cookie, "tus-resumable": "1.0.0" } });
    expect([404, 410]).toContain(head.status);
    expect(await storedFor(server, id)).toEqual([]);
  });

  it.each([
    ["a text file", async () => Buffer.from("just some words, not a picture"), "This file is not an image."],
    ["an SVG", async () => svgImage, "SVG images are not accepted."],
    [
      "a truncated JPEG",
      async () => (await photoJpeg(1200, 900)).subarray(0, 30_000),
      "This image is damaged or incomplete.",
    ],
    ["a decompression bomb", decompressionBomb, "This image has too many pixels (at most 40 megapixels)."],
    ["a JPEG named .png", async () => Buffer.from("GIF89a-but-not-really"), "This file is not an image."],
    [
      "a 1260×13000 PNG (taller than twice its width)",
      () => plainImage(1260, 13000, "png"),
      "This image is too tall: its height can be at most twice its width.",
    ],
    [
      "a 5000×1200 panorama (wider than four times its height)",
      () => plainImage(5000, 1200, "jpeg"),
      "This image is too wide: its width can be at most four times its height.",
    ],
    [
      "a 4000×1000 photo its camera marks as turned (shown 1000×4000)",
      () => turnedUpright(4000, 1000),
      "This image is too tall: its height can be at most twice its width.",
    ],
  ])("refuses %s with a clear message and stores nothing", async (_kind, make, message) => {
    // Their own uploader: refused uploads count against the hourly limit like any other.
    const outcome = await upload(await make(), {
      name: "picture.png",
      type: "image/png",
      cookie: refusalsCookie,
    });
    expect(outcome.status).toBe(422);
    expect(outcome.message).toContain(message);
    const id = outcome.url?.split("/").pop() as string;
    expect((await variant(id, "400.webp")).response.status).toBe(404);
    expect(await storedFor(server, id)).toEqual([]);
  });

  it("fits every variant of the tallest and the widest shapes taken in its box", async () => {
    const shapesCookie = await signIn("shapes@example.com");
    const tall = await upload(await plainImage(700, 1400, "jpeg"), { cookie: shapesCookie });
    const wide = await upload(await plainImage(2000, 500, "jpeg"), { cookie: shapesCookie });
    for (const [id, name, width, height] of [
      [tall.id, "400.webp", 400, 800],
      [tall.id, "700.jpg", 700, 1400],
      [wide.id, "400.avif", 400, 100],
      [wide.id, "1260.webp", 1260, 315],
    ] as const) {
      const meta = await sharp((await variant(id as string, name)).body).metadata();
      expect([meta.width, meta.height], name).toEqual([width, height]);
    }
  });

  it("turns away the last chunk with 503 and Retry-After while another image is processed, and takes it later", async () => {
    const busyCookie = await signIn("busy@example.com");
    const file = await photoJpeg(800, 600);
    const { processed } = await occupyImageProcessing(
      server.url,
      busyCookie,
      await photoJpeg(6400, 6000, 85),
      await plainImage(16, 16, "png"),
    );
    const refused = await upload(file, { cookie: busyCookie });
    expect(refused.status).toBe(503);
    expect(refused.retryAfter).toBe(3);
    expect(refused.message).toContain("The server is busy with other images.");
    // The chunk was not taken: the upload waits where it was, to be resumed.
    const url = refused.url as string;
    const head = await fetch(url, {
      method: "HEAD",
      headers: { cookie: busyCookie, "tus-resumable": "1.0.0" },
    });
    expect(head.headers.get("upload-offset")).toBe("0");
    expect((await processed).id).toBeDefined();
    const resumed = await upload(file, { uploadUrl: url, cookie: busyCookie });
    expect(resumed.id).toBe(url.split("/").pop());
    expect((await variant(resumed.id as string, "800.webp")).response.status).toBe(200);
  });

  it("refuses a file over 20 MB before it is sent", async () => {
    const outcome = await upload(Buffer.alloc(21 * 1024 * 1024, 1));
    expect(outcome.status).toBe(413);
  });

  it("refuses uploads from visitors who are not signed in", async () => {
    const outcome = await tusUpload(server.url, await photoJpeg(400, 300));
    expect(outcome.status).toBe(401);
    expect(outcome.message).toContain("Sign in to upload images.");
  });

  it("does not let another user continue someone's upload", async () => {
    const file = await photoJpeg(2400, 1800, 95);
    const url = await interruptedUpload(file, 0);
    const head = await fetch(url, {
      method: "HEAD",
      headers: { cookie: otherCookie, "tus-resumable": "1.0.0" },
    });
    expect(head.status).toBe(404);
  });

  it("strips metadata such as the camera's location", async () => {
    const withExif = await sharp(await photoJpeg(900, 600))
      .withExif({
        IFD0: { Copyright: "Someone" },
        IFD3: { GPSLatitudeRef: "S", GPSLatitude: "33/1 53/1 0/1" },
      })
      .jpeg()
      .toBuffer();
    expect((await sharp(withExif).metadata()).exif).toBeDefined();
    const { id } = await upload(withExif);
    for (const name of ["900.jpg", "900.webp", "400.jpg"]) {
      expect((await sharp((await variant(id as string, name)).body).metadata()).exif, name).toBeUndefined();
    }
  });

  it("gives two files with the same name their own stored images", async () => {
    const a = await upload(await photoJpeg(500, 400), { name: "cover.jpg" });
    const b = await upload(await pngWithTransparency(500, 400), { name: "cover.jpg" });
    expect(a.id).not.toBe(b.id);
    expect((await variant(a.id as string, "500.jpg")).response.status).toBe(200);
    expect((await variant(b.id as string, "500.png")).response.status).toBe(200);
  });

  it.each([
    "/images/..%2F..%2Fsite.db/400.webp",
    "/images/abc/..%2F..%2Fsite.db",
    "/images/%2e%2e/400.webp",
    "/images/abc/400.exe",
    "/images/abc/400.webp%00.png",
    "/images/does-not-exist/400.webp",
  ])("answers %s with 404", async (url) => {
    expect((await fetch(`${server.url}${url}`)).status).toBe(404);
  });
});
