// Wraps a drawing into a complete SVG document on the cream paper background.
import { defs } from "./patterns.ts";
import { palette, rect } from "./svg.ts";

export interface Canvas {
  width: number;
  height: number;
}

export function svgDocument({ width, height }: Canvas, ...body: string[]): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">` +
    defs() +
    rect(0, 0, width, height, { fill: palette.paper }) +
    body.join("") +
    "</svg>"
  );
}
