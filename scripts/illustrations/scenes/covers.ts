import { blogCover } from "./blog-covers.ts";

/** The cover of a sample article; `alt` describes what it shows, for the reader. */
export function drawCover(name: string, _alt: string): string {
  return blogCover(name);
}
