// Every page illustration: its drawing, full size and the widths rendered for the site.
import { streetScenes } from "./scenes/streets.ts";

interface Entry {
  width: number;
  height: number;
  widths: readonly number[];
  draw: () => string;
}

const wide = (draw: () => string): Entry => ({ width: 1920, height: 480, widths: [640, 1280, 1920], draw });
const scene = (draw: () => string): Entry => ({ width: 1260, height: 750, widths: [400, 800, 1260], draw });
const square = (draw: () => string): Entry => ({ width: 600, height: 600, widths: [300, 600], draw });

export const catalogue: Record<string, Entry> = {
  banner: wide(streetScenes.banner),
};
void scene;
void square;
