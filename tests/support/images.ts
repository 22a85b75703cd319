import sharp from "sharp";

/** A photo-like JPEG: smooth gradients plus noise, so it compresses like a real picture. */
export async function photoJpeg(width: number, height: number, quality = 85): Promise<Buffer> {
  const channels = 3;
  const pixels = Buffer.alloc(width * height * channels);
  let seed = 7;
  for (let i = 0; i < pixels.length; i += channels) {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    const x = (i / channels) % width;
    const y = Math.floor(i / channels / width);
    pixels[i] = (x * 255) / width + (seed % 40);
    pixels[i + 1] = (y * 255) / height + ((seed >> 8) % 40);
    pixels[i + 2] = 128 + ((seed >> 16) % 60);
  }
  return sharp(pixels, { raw: { width, height, channels } }).jpeg({ quality }).toBuffer();
}

/** One flat colour: any shape at all costs little to make. */
export async function plainImage(width: number, height: number, format: "png" | "jpeg"): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: "#8a6d3b" } })
    .toFormat(format)
    .toBuffer();
}

/** A JPEG stored `width`×`height` whose EXIF orientation says to show it turned a quarter. */
export async function turnedUpright(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: "#8a6d3b" } })
    .jpeg()
    .withMetadata({ orientation: 6 })
    .toBuffer();
}

export async function pngWithTransparency(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 4, background: { r: 47, g: 79, b: 58, alpha: 0.5 } } })
    .png()
    .toBuffer();
}

/** A PNG whose pixels would need far more memory than its file size suggests. */
export async function decompressionBomb(): Promise<Buffer> {
  return sharp({ create: { width: 9000, height: 6000, channels: 3, background: "#ffffff" } })
    .png({ compressionLevel: 9 })
    .toBuffer();
}

export const svgImage = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="400" height="300"><script>alert(1)</script><rect width="400" height="300" fill="#2f4f3a"/></svg>',
);
