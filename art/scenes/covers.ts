// Covers of the sample blog articles; the drawings themselves live in cover-art.ts.
import { coverDrawings } from "./cover-art.ts";

/**
 * The cover named `name` (the `cover` field of an article's front matter), as SVG
 * content for a 1260 × 750 document. `alt` describes the picture for readers; the
 * drawing is chosen by name only. Throws for a name that has no drawing.
 */
export function drawCover(name: string, _alt: string): string {
  if (!Object.hasOwn(coverDrawings, name)) throw new Error(`No cover drawing named "${name}"`);
  return (coverDrawings[name] as () => string)();
}
