// Street scenes of Woollahra: Moncur Street, terraces, shops and the village.
import {
  awning,
  building,
  place,
  receding,
  TERRACE_WIDTH,
  type TerraceOpts,
  terrace,
  windowAt,
} from "../lib/architecture.ts";
import { lampPost } from "../lib/furniture.ts";
import { cloud, ridge, sky, street, sun, tree } from "../lib/nature.ts";
import { group, mix, palette, rect, tone } from "../lib/svg.ts";

/** Variations used along a terrace row, cycled in order. */
const terraceLooks: TerraceOpts[] = [
  { wall: tone.stucco, door: palette.green, pediment: "triangle" },
  { wall: "brick", door: palette.slate, pediment: "segment", trim: palette.stone },
  { wall: mix(palette.sage, palette.paper, 0.55), door: palette.brick, pediment: "flat", lightLace: false },
  { wall: mix(palette.sand, palette.paper, 0.4), door: palette.green, pediment: "triangle" },
  { wall: mix(palette.slate, palette.paper, 0.6), door: palette.brick, pediment: "segment", lightLace: true },
];

/** A row of terraces starting at x on the ground line, `count` houses at `scale`. */
export function terraceRow(x: number, groundY: number, count: number, scale: number, offset = 0) {
  return group(
    ...Array.from({ length: count }, (_, i) =>
      place(
        x + i * TERRACE_WIDTH * scale,
        groundY,
        terrace(terraceLooks[(i + offset) % terraceLooks.length]),
        scale,
      ),
    ),
  );
}

/** Background of pale sky, sun, clouds and a far ridge of trees. */
function backdrop(width: number, horizon: number, seed: string) {
  return group(
    sky(width, horizon),
    sun(width * 0.78, horizon * 0.28, 34),
    cloud(width * 0.12, horizon * 0.3, 150),
    cloud(width * 0.55, horizon * 0.2, 110),
    ridge(0, width, horizon * 0.62, horizon, {
      amp: 18,
      step: 70,
      seed,
      color: mix(palette.sage, palette.paper, 0.6),
    }),
  );
}

/** The corner building that closes a street view: front facade plus a receding side. */
function cornerBuilding(x: number, groundY: number, scale: number, w: number) {
  const b = building({
    w,
    storeys: 2,
    storeyH: 130,
    wall: mix(palette.sand, palette.paper, 0.35),
    trim: palette.paper,
    head: "arch",
    parapet: "pediment",
    shop: { frame: palette.green, awning: { stripes: "stripeGreen" } },
  });
  const side = building({
    w: 220,
    storeys: 2,
    storeyH: 130,
    wall: mix(palette.sand, palette.slate, 0.18),
    trim: mix(palette.stone, palette.slate, 0.1),
    head: "arch",
    windows: 3,
  });
  return group(
    place(x + w * scale, groundY, receding(0, 0, 0.45, 0.18, side), scale),
    place(x, groundY, b, scale),
  );
}

export function banner() {
  const W = 1920;
  const H = 480;
  const ground = 412;
  const s = 0.92;
  const rowX = 30;
  const count = 7;
  const cornerX = rowX + count * TERRACE_WIDTH * s;
  return group(
    backdrop(W, ground, "banner"),
    terraceRow(rowX, ground, count, s),
    cornerBuilding(cornerX, ground, s, 300),
    street(W, ground, { footpath: 30, kerb: 7, bottom: H }),
    ...[190, 560, 930, 1300].map((x, i) => tree(x, ground + 14, { height: 300, seed: `banner-tree-${i}` })),
    ...[380, 1120, 1700].map((x) => lampPost(x, ground + 16, 170)),
  );
}

export const streetScenes = { banner };
export { awning, rect, windowAt };
