// Shared scenery for the page illustrations: the scene canvas, backdrops,
// clipping, shadows, water, lawns and corner buildings.
import { place, receding } from "./architecture.ts";
import { cloud, ridge, sky, sun } from "./nature.ts";
import { fill } from "./patterns.ts";
import { el, ellipse, g, group, mix, type Pt, palette, path, rect } from "./svg.ts";

/** Size of the standard page scene. */
export const SCENE_W = 1260;
export const SCENE_H = 750;

let clipCount = 0;

/** Show `content` only inside an outline (an SVG path `d`, may hold several shapes). */
export function clipTo(outline: string, ...content: string[]) {
  const id = `clip-${++clipCount}`;
  return el("clipPath", { id }, path(outline)) + g({ "clip-path": `url(#${id})` }, ...content);
}

export interface BackdropOpts {
  seed: string;
  /** Sun position, or false for none. */
  sun?: Pt | false;
  /** Clouds as [x, y, width]. */
  clouds?: readonly (readonly [number, number, number])[];
  /** Top of the far ridge of trees, or false for none. */
  ridge?: number | false;
  ridgeColor?: string;
}

/** Pale sky, sun, clouds and a far ridge of trees down to the horizon. */
export function backdrop(width: number, horizon: number, o: BackdropOpts) {
  const s = o.sun === undefined ? ([width * 0.8, horizon * 0.28] as const) : o.sun;
  const clouds = o.clouds ?? [
    [width * 0.08, horizon * 0.3, 170],
    [width * 0.5, horizon * 0.18, 120],
  ];
  return group(
    sky(width, horizon),
    s ? sun(s[0], s[1], 36) : "",
    ...clouds.map(([x, y, w]) => cloud(x, y, w)),
    o.ridge === false
      ? ""
      : ridge(0, width, o.ridge ?? horizon * 0.72, horizon, {
          amp: 18,
          step: 70,
          seed: o.seed,
          color: o.ridgeColor ?? mix(palette.sage, palette.paper, 0.6),
        }),
  );
}

/** A soft shadow on the ground under something w wide. */
export const shadow = (cx: number, y: number, w: number, opacity = 0.14) =>
  ellipse(cx, y, w / 2, Math.max(3, w * 0.06), { fill: palette.slate, "fill-opacity": opacity });

/** Calm water with a few ripples. */
export function water(
  x: number,
  y: number,
  w: number,
  h: number,
  color: string = mix(palette.sage, palette.slate, 0.35),
) {
  return group(rect(x, y, w, h, { fill: color }), rect(x, y, w, h, { fill: fill("water") }));
}

/** Mown grass. */
export function lawn(
  x: number,
  y: number,
  w: number,
  h: number,
  color: string = mix(palette.sage, palette.paper, 0.42),
) {
  return group(rect(x, y, w, h, { fill: color }), rect(x, y, w, h, { fill: fill("grass") }));
}

/**
 * A corner building: `front` (local coords, frontW wide, ground at 0) seen flat,
 * and `side` receding to the right from its corner.
 */
export function corner(
  x: number,
  groundY: number,
  scale: number,
  front: string,
  frontW: number,
  side: string,
  depth = 0.45,
) {
  return group(
    place(x + frontW * scale, groundY, receding(0, 0, depth, 0.18, side), scale),
    place(x, groundY, front, scale),
  );
}
