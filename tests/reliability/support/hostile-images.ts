import { crc32, deflateSync } from "node:zlib";
import sharp from "sharp";
import { decompressionBomb, photoJpeg, svgImage } from "../../support/images.ts";

/** What a page-injected script would look like inside a file: a polyglot's payload. */
export const scriptPayload = "<script>alert('polyglot')</script>";

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A PNG whose header claims width × height, with one row of real pixel data behind it. */
function pngDeclaring(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, deflate, no filter, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk("IHDR", header),
    pngChunk("IDAT", deflateSync(Buffer.alloc(1 + Math.min(width, 1000) * 3))),
    pngChunk("IEND", Buffer.alloc(0)),
  ]);
}

/** A PNG with a text chunk carrying a script. */
async function pngWithTextChunk(): Promise<Buffer> {
  const png = await sharp({ create: { width: 600, height: 400, channels: 3, background: "#2f4f3a" } })
    .png()
    .toBuffer();
  const iend = png.length - 12;
  const text = pngChunk("tEXt", Buffer.from(`Comment\0${scriptPayload}`, "latin1"));
  return Buffer.concat([png.subarray(0, iend), text, png.subarray(iend)]);
}

/** A JPEG whose frame header (SOF0) claims the given size. */
async function jpegDeclaring(width: number, height: number): Promise<Buffer> {
  const jpeg = Buffer.from(await photoJpeg(64, 48));
  const sof = jpeg.indexOf(Buffer.from([0xff, 0xc0]));
  jpeg.writeUInt16BE(height, sof + 5);
  jpeg.writeUInt16BE(width, sof + 7);
  return jpeg;
}

/** A GIF whose screen and single frame claim 65535 × 65535 pixels. */
function gifDeclaringHuge(): Buffer {
  const header = Buffer.from("GIF89a", "latin1");
  const screen = Buffer.from([0xff, 0xff, 0xff, 0xff, 0x80, 0, 0]);
  const palette = Buffer.from([0, 0, 0, 255, 255, 255]);
  const frame = Buffer.from([0x2c, 0, 0, 0, 0, 0xff, 0xff, 0xff, 0xff, 0]);
  const pixels = Buffer.from([0x02, 0x02, 0x44, 0x01, 0x00]);
  return Buffer.concat([header, screen, palette, frame, pixels, Buffer.from([0x3b])]);
}

/** A minimal ZIP archive (one stored file), as appended to images to make GIFAR-style polyglots. */
function zipArchive(): Buffer {
  const name = Buffer.from("index.html");
  const content = Buffer.from(scriptPayload);
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(10, 4);
  local.writeUInt32LE(crc32(content), 14);
  local.writeUInt32LE(content.length, 18);
  local.writeUInt32LE(content.length, 22);
  local.writeUInt16LE(name.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(10, 6);
  central.writeUInt32LE(crc32(content), 16);
  central.writeUInt32LE(content.length, 20);
  central.writeUInt32LE(content.length, 24);
  central.writeUInt16LE(name.length, 28);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(central.length + name.length, 12);
  end.writeUInt32LE(local.length + name.length + content.length, 16);
  return Buffer.concat([local, name, content, central, name, end]);
}

const smallPhoto = () => photoJpeg(640, 480);

/** Every file the corpus can name, by recipe name. */
export const hostileFiles: Record<string, () => Promise<Buffer>> = {
  "valid-jpeg": smallPhoto,
  "plain-text": async () => Buffer.from("Just some words renamed to look like a photo.\n"),
  "html-page": async () => Buffer.from(`<!doctype html><html><body>${scriptPayload}</body></html>`),
  "empty-file": async () => Buffer.alloc(0),
  "svg-with-script": async () => svgImage,
  "svg-with-onload": async () =>
    Buffer.from(
      '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)" width="10" height="10"/>',
    ),
  "svg-entity-expansion": async () =>
    Buffer.from(
      `<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY a "aaaaaaaaaa">${Array.from(
        { length: 8 },
        (_, n) => `<!ENTITY ${"b".repeat(n + 1)} "${`&${n === 0 ? "a" : "b".repeat(n)};`.repeat(10)}">`,
      ).join(
        "",
      )}]><svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><text>&bbbbbbbb;</text></svg>`,
    ),
  "svg-external-entity": async () =>
    Buffer.from(
      '<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY x SYSTEM "file:///etc/passwd">]><svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><text>&x;</text></svg>',
    ),
  "truncated-jpeg": async () => (await photoJpeg(1200, 900)).subarray(0, 30_000),
  "jpeg-header-only": async () => (await smallPhoto()).subarray(0, 200),
  "jpeg-magic-then-html": async () =>
    Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from(`<html>${scriptPayload}</html>`)]),
  "png-magic-then-text": async () =>
    Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      Buffer.from(scriptPayload),
    ]),
  "gif-magic-then-script": async () => Buffer.from(`GIF89a/*${scriptPayload}*/`),
  "png-bomb-9000x6000": decompressionBomb,
  "png-declaring-100000x100000": async () => pngDeclaring(100_000, 100_000),
  "png-declaring-zero-size": async () => pngDeclaring(0, 0),
  "jpeg-declaring-65000x65000": () => jpegDeclaring(65_000, 65_000),
  "gif-declaring-65535x65535": async () => gifDeclaringHuge(),
  "jpeg-with-html-appended": async () =>
    Buffer.concat([await smallPhoto(), Buffer.from(`<html>${scriptPayload}</html>`)]),
  "jpeg-with-zip-appended": async () => Buffer.concat([await smallPhoto(), zipArchive()]),
  "jpeg-with-script-in-exif": async () =>
    sharp(await smallPhoto())
      .withExif({ IFD0: { ImageDescription: scriptPayload, Artist: "'; DROP TABLE posts;--" } })
      .jpeg()
      .toBuffer(),
  "png-with-script-text-chunk": pngWithTextChunk,
  "tiff-image": () =>
    sharp(Buffer.from(new Uint8Array(300 * 200 * 3)), { raw: { width: 300, height: 200, channels: 3 } })
      .tiff()
      .toBuffer(),
  "pdf-document": async () =>
    Buffer.from(
      "%PDF-1.4\n1 0 obj<</Type/Catalog/OpenAction<</S/JavaScript/JS(app.alert(1))>>>>endobj\n%%EOF\n",
    ),
  "zip-archive": async () => zipArchive(),
  "random-bytes": async () => Buffer.from(Array.from({ length: 4096 }, (_, n) => (n * 7919 + 13) % 256)),
};

export async function makeHostileFile(recipe: string): Promise<Buffer> {
  const make = hostileFiles[recipe];
  if (!make) throw new Error(`no hostile image recipe called ${recipe}`);
  return make();
}
