// Tiny SVG builder: the house palette, colour mixing and shape helpers.
// Every drawing in this folder is composed from these functions as plain strings.

export type Pt = readonly [number, number];
type Value = string | number | undefined | false;
export type Attrs = Record<string, Value>;

/** The house palette. Everything else is a mix of these. */
export const palette = {
  green: "#2f4f3a",
  sage: "#5b7a5e",
  sand: "#c8a96a",
  stone: "#e9dcc0",
  brick: "#9c4a32",
  slate: "#44505a",
  paper: "#f7f3ea",
  /** Single accent, only for jacaranda blossom. */
  lilac: "#9a8cb6",
} as const;

/** Linear mix of two #rrggbb colours; t = 0 gives a, t = 1 gives b. */
export function mix(a: string, b: string, t: number): string {
  const channel = (hex: string, i: number) => Number.parseInt(hex.slice(1 + i * 2, 3 + i * 2), 16);
  let out = "#";
  for (let i = 0; i < 3; i++) {
    const v = Math.round(channel(a, i) * (1 - t) + channel(b, i) * t);
    out += v.toString(16).padStart(2, "0");
  }
  return out;
}

export const lighten = (c: string, t: number) => mix(c, palette.paper, t);
export const darken = (c: string, t: number) => mix(c, "#1f2a26", t);

/** Frequently used derived tones. */
export const tone = {
  sky: mix(palette.paper, palette.slate, 0.1),
  skyLow: mix(palette.paper, palette.sand, 0.12),
  glass: mix(palette.slate, palette.paper, 0.62),
  glassDark: mix(palette.slate, palette.paper, 0.3),
  night: mix(palette.slate, palette.green, 0.3),
  wall: mix(palette.paper, palette.stone, 0.35),
  stucco: mix(palette.stone, palette.paper, 0.4),
  road: mix(palette.slate, palette.paper, 0.55),
  footpath: mix(palette.stone, palette.slate, 0.12),
  kerb: mix(palette.stone, palette.slate, 0.3),
  skin: mix(palette.sand, palette.stone, 0.45),
  skinDark: mix(palette.sand, palette.brick, 0.45),
  wood: mix(palette.sand, palette.brick, 0.25),
  woodLight: mix(palette.sand, palette.stone, 0.45),
  terracotta: mix(palette.brick, palette.sand, 0.35),
  chrome: mix(palette.slate, palette.paper, 0.72),
  ink: palette.slate,
  white: mix(palette.paper, "#ffffff", 0.6),
} as const;

const fmt = (v: Value) => (typeof v === "number" ? String(Math.round(v * 100) / 100) : String(v));

export function el(tag: string, attrs: Attrs = {}, ...children: string[]) {
  let a = "";
  for (const [k, v] of Object.entries(attrs)) {
    if (v !== undefined && v !== false) a += ` ${k}="${fmt(v)}"`;
  }
  return children.length > 0 ? `<${tag}${a}>${children.join("")}</${tag}>` : `<${tag}${a}/>`;
}

export const g = (attrs: Attrs, ...children: string[]) => el("g", attrs, ...children);
export const group = (...children: string[]) => children.join("");
export const rect = (x: number, y: number, w: number, h: number, a: Attrs = {}) =>
  el("rect", { x, y, width: w, height: h, ...a });
export const circle = (cx: number, cy: number, r: number, a: Attrs = {}) => el("circle", { cx, cy, r, ...a });
export const ellipse = (cx: number, cy: number, rx: number, ry: number, a: Attrs = {}) =>
  el("ellipse", { cx, cy, rx, ry, ...a });
export const line = (x1: number, y1: number, x2: number, y2: number, a: Attrs = {}) =>
  el("line", { x1, y1, x2, y2, ...a });
export const path = (d: string, a: Attrs = {}) => el("path", { d, ...a });
export const points = (pts: readonly Pt[]) => pts.map(([x, y]) => `${fmt(x)},${fmt(y)}`).join(" ");
export const polygon = (pts: readonly Pt[], a: Attrs = {}) => el("polygon", { points: points(pts), ...a });
export const polyline = (pts: readonly Pt[], a: Attrs = {}) =>
  el("polyline", { points: points(pts), fill: "none", ...a });
export const translate = (x: number, y: number, ...children: string[]) =>
  g({ transform: `translate(${fmt(x)} ${fmt(y)})` }, ...children);

/** Outline stroke used across all drawings. */
export const ink = (width = 2, color: string = tone.ink): Attrs => ({
  stroke: color,
  "stroke-width": width,
  "stroke-linejoin": "round",
  "stroke-linecap": "round",
});

/** A closed path through points, with optional holes (use fill-rule evenodd). */
export function shapeWithHoles(outer: readonly Pt[], holes: readonly (readonly Pt[])[] = []) {
  const ring = (pts: readonly Pt[]) => `M${pts.map(([x, y]) => `${fmt(x)} ${fmt(y)}`).join("L")}Z`;
  return [outer, ...holes].map(ring).join("");
}

/** Repeat a drawing function over a range: `repeat(5, i => ...)`. */
export const repeat = (n: number, draw: (i: number) => string) =>
  Array.from({ length: n }, (_, i) => draw(i)).join("");
