// Flat interface pictures: speech bubbles, a star, a magnifying glass, a browser
// window with a search bar and results, and video-call tiles. Text is drawn as bars.

import {
  circle,
  darken,
  g,
  group,
  ink,
  lighten,
  line,
  mix,
  type Pt,
  palette,
  path,
  polygon,
  rect,
  repeat,
  tone,
} from "../svg.ts";
import { bust, type Look } from "./figures.ts";
import { clipped } from "./rooms.ts";
import { textBar } from "./stationery.ts";

export interface BubbleOpts {
  fill?: string;
  tail?: "left" | "right";
}

/** A rounded speech bubble whose tail points down and out to the given side. */
export function speechBubble(x: number, y: number, w: number, h: number, o: BubbleOpts = {}) {
  const r = Math.min(h / 2.4, 36);
  const left = (o.tail ?? "left") === "left";
  const tw = Math.min(w * 0.14, 60);
  const tx = left ? x + w * 0.2 : x + w * 0.8 - tw;
  const tip: Pt = [left ? x + w * 0.06 : x + w * 0.94, y + h + Math.min(h * 0.35, 60)];
  const corner = (cx: number, cy: number) => `A${r} ${r} 0 0 1 ${cx} ${cy}`;
  return group(
    path(
      `M${x + r} ${y}H${x + w - r}${corner(x + w, y + r)}V${y + h - r}${corner(x + w - r, y + h)}` +
        `H${tx + tw}L${tip[0]} ${tip[1]}L${tx} ${y + h}H${x + r}${corner(x, y + h - r)}V${y + r}${corner(x + r, y)}Z`,
      { fill: o.fill ?? tone.white, ...ink(1.8) },
    ),
  );
}

/** Three dots: someone is talking. */
export const talkingDots = (cx: number, cy: number, r: number, color: string = palette.sage) =>
  group(...[-1, 0, 1].map((k) => circle(cx + k * r * 3, cy, r, { fill: color })));

/** A star with `n` points, outer radius r. */
export function star(
  cx: number,
  cy: number,
  r: number,
  a: { fill?: string; n?: number; inner?: number } = {},
) {
  const n = a.n ?? 5;
  const pts: Pt[] = Array.from({ length: n * 2 }, (_, i) => {
    const t = (i * Math.PI) / n - Math.PI / 2;
    const k = i % 2 ? (a.inner ?? 0.48) : 1;
    return [cx + Math.cos(t) * r * k, cy + Math.sin(t) * r * k];
  });
  return polygon(pts, { fill: a.fill ?? palette.sand, ...ink(Math.max(1.6, r * 0.04)) });
}

/** A magnifying glass: lens centred on (cx, cy), handle pointing `angle` degrees (0 = right). */
export function magnifier(cx: number, cy: number, r: number, angle = 45, color: string = palette.green) {
  const rim = r * 0.16;
  return group(
    g(
      { transform: `rotate(${angle} ${cx} ${cy})` },
      rect(cx + r + rim * 0.2, cy - rim * 0.45, r * 0.25, rim * 0.9, { fill: tone.chrome, ...ink(1.4) }),
      rect(cx + r * 1.2, cy - rim * 0.75, r * 1.35, rim * 1.5, { rx: rim * 0.75, fill: color, ...ink(1.6) }),
    ),
    circle(cx, cy, r, { fill: lighten(tone.glass, 0.6), "fill-opacity": 0.55 }),
    path(`M${cx - r * 0.62} ${cy - r * 0.1}A${r * 0.62} ${r * 0.62} 0 0 1 ${cx - r * 0.1} ${cy - r * 0.62}`, {
      fill: "none",
      ...ink(r * 0.09, palette.paper),
      "stroke-opacity": 0.9,
    }),
    circle(cx, cy, r + rim / 2, { fill: "none", ...ink(rim + 3) }),
    circle(cx, cy, r + rim / 2, { fill: "none", ...ink(rim, color) }),
  );
}

/** A browser window: title bar with three dots and an address bar; body drawn by the caller. */
export function browserWindow(x: number, y: number, w: number, h: number, body = "") {
  const bar = 58;
  return group(
    rect(x + 14, y + 18, w, h, { rx: 18, fill: palette.slate, "fill-opacity": 0.14 }),
    rect(x, y, w, h, { rx: 18, fill: tone.white, ...ink(2) }),
    path(
      `M${x} ${y + bar}V${y + 18}A18 18 0 0 1 ${x + 18} ${y}H${x + w - 18}A18 18 0 0 1 ${x + w} ${y + 18}V${y + bar}Z`,
      {
        fill: palette.stone,
        ...ink(2),
      },
    ),
    ...[palette.brick, palette.sand, palette.sage].map((c, i) =>
      circle(x + 34 + i * 30, y + bar / 2, 9, { fill: c, ...ink(1.2) }),
    ),
    rect(x + 150, y + 14, w - 190, bar - 28, { rx: (bar - 28) / 2, fill: tone.white, ...ink(1.2) }),
    textBar(x + 176, y + bar / 2 - 4, w * 0.28, 8, mix(palette.slate, palette.paper, 0.6)),
    body,
  );
}

/** A search field: a pill with a small lens icon, a typed-in bar and a cursor. */
export function searchBar(x: number, y: number, w: number, h: number) {
  const r = h * 0.2;
  return group(
    rect(x, y, w, h, { rx: h / 2, fill: tone.white, ...ink(2.4) }),
    circle(x + h * 0.55, y + h * 0.45, r, { fill: "none", ...ink(3) }),
    line(
      x + h * 0.55 + r * 0.7,
      y + h * 0.45 + r * 0.7,
      x + h * 0.55 + r * 1.6,
      y + h * 0.45 + r * 1.6,
      ink(3.5),
    ),
    textBar(x + h * 1.05, y + h * 0.42, w * 0.32, h * 0.18, mix(palette.slate, palette.paper, 0.35)),
    line(x + h * 1.2 + w * 0.32, y + h * 0.25, x + h * 1.2 + w * 0.32, y + h * 0.75, ink(2.5, palette.green)),
  );
}

/** One search result: a small site mark, a heading bar, an address bar and two text lines. */
export function resultRow(x: number, y: number, w: number, highlight = false, variant = 0) {
  const h = 104;
  const heading = highlight ? palette.green : mix(palette.sage, palette.paper, 0.2);
  const text = mix(palette.slate, palette.paper, 0.7);
  const k = [0.55, 0.4, 0.48][variant % 3] ?? 0.5;
  return group(
    highlight
      ? group(
          rect(x - 22, y - 14, w + 44, h + 8, {
            rx: 14,
            fill: lighten(palette.sage, 0.7),
            ...ink(2, palette.sage),
          }),
          rect(x - 22, y - 14, 10, h + 8, { rx: 5, fill: palette.green }),
        )
      : "",
    circle(x + 14, y + 14, 14, { fill: highlight ? palette.sand : palette.stone, ...ink(1.2) }),
    textBar(x + 40, y + 9, w * 0.22, 10, text),
    textBar(x, y + 38, w * k, 16, heading),
    textBar(x, y + 64, w * 0.92, 9, text),
    textBar(x, y + 80, w * (0.6 + variant * 0.1), 9, text),
  );
}

/** A video-call tile: a coloured background with one person, head and shoulders. */
export function videoTile(x: number, y: number, w: number, h: number, look: Look, background: string) {
  const s = h * 0.95;
  return group(
    clipped(
      x,
      y,
      w,
      h,
      group(
        rect(x, y, w, h, { fill: background }),
        rect(x + w * 0.08, y + h * 0.12, w * 0.22, h * 0.34, { rx: 4, fill: lighten(background, 0.35) }),
        bust(x + w / 2, y + h * 0.72, s, y + h + 10, look),
      ),
      10,
    ),
    rect(x, y, w, h, { rx: 10, fill: "none", ...ink(1.6, darken(palette.slate, 0.3)) }),
    circle(x + 22, y + h - 20, 9, { fill: palette.paper, "fill-opacity": 0.85 }),
    rect(x + 19, y + h - 26, 6, 10, { rx: 3, fill: palette.green }),
  );
}

/** A gentle halo of concentric rings behind a subject. */
export const halo = (cx: number, cy: number, r: number, color: string = palette.stone) =>
  repeat(3, (i) => circle(cx, cy, r * (1 - i * 0.24), { fill: color, "fill-opacity": 0.35 + i * 0.15 }));
