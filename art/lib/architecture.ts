// Building parts drawn in elevation. Facades use local coordinates with the
// ground at y = 0 and storeys rising into negative y; `place` positions them.
import { fill, type PatternName } from "./patterns.ts";
import {
  circle,
  darken,
  g,
  group,
  ink,
  lighten,
  line,
  mix,
  palette,
  path,
  polygon,
  rect,
  repeat,
  tone,
} from "./svg.ts";

/** Position a local drawing: its (0, 0) goes to (x, y), optionally scaled or mirrored. */
export function place(x: number, y: number, content: string, scale = 1, mirror = false) {
  const sx = mirror ? -scale : scale;
  return g({ transform: `translate(${x} ${y}) scale(${sx} ${scale})` }, content);
}

/**
 * A facade receding away from the viewer (oblique projection): local x is
 * compressed by `depth` and rises by `slope` per unit, vertical lines stay vertical.
 */
export function receding(x: number, y: number, depth: number, slope: number, content: string) {
  return g({ transform: `matrix(${depth} ${-slope * depth} 0 1 ${x} ${y})` }, content);
}

export type Head = "flat" | "arch" | "segment" | "pointed";

/** Outline of an opening (window, door, arch) with the given head shape. */
export function opening(x: number, y: number, w: number, h: number, head: Head = "flat") {
  switch (head) {
    case "arch":
      return `M${x} ${y + h}V${y + w / 2}A${w / 2} ${w / 2} 0 0 1 ${x + w} ${y + w / 2}V${y + h}Z`;
    case "segment": {
      const rise = w * 0.16;
      const r = (w * w) / 4 / (2 * rise) + rise / 2;
      return `M${x} ${y + h}V${y + rise}A${r} ${r} 0 0 1 ${x + w} ${y + rise}V${y + h}Z`;
    }
    case "pointed": {
      const s = w * 0.866;
      return `M${x} ${y + h}V${y + s}A${w} ${w} 0 0 1 ${x + w / 2} ${y}A${w} ${w} 0 0 1 ${x + w} ${y + s}V${y + h}Z`;
    }
    default:
      return `M${x} ${y}H${x + w}V${y + h}H${x}Z`;
  }
}

export interface WindowOpts {
  head?: Head;
  frame?: string;
  glass?: string;
  bars?: "sash" | "grid" | "none";
  cols?: number;
  rows?: number;
  sill?: string | false;
  surround?: string;
  shutters?: string;
  stroke?: number;
}

/** A window with frame, glass, glazing bars, a glint and a sill. */
export function windowAt(x: number, y: number, w: number, h: number, o: WindowOpts = {}) {
  const head = o.head ?? "flat";
  const frame = o.frame ?? tone.white;
  const sw = o.stroke ?? 1.6;
  const i = Math.max(3, w * 0.08);
  const gx = x + i;
  const gy = y + i;
  const gw = w - 2 * i;
  const gh = h - 2 * i;
  const barStyle = { ...ink(Math.max(2, w * 0.04), frame) };
  const bars: string[] = [];
  const kind = o.bars ?? "sash";
  if (kind === "sash") {
    bars.push(line(gx, y + h * 0.55, gx + gw, y + h * 0.55, { ...barStyle, "stroke-width": i }));
    if (w > 46) bars.push(line(x + w / 2, gy, x + w / 2, gy + gh, barStyle));
  } else if (kind === "grid") {
    const cols = o.cols ?? 2;
    const rows = o.rows ?? 3;
    for (let c = 1; c < cols; c++)
      bars.push(line(gx + (gw * c) / cols, gy, gx + (gw * c) / cols, gy + gh, barStyle));
    for (let r = 1; r < rows; r++)
      bars.push(line(gx, gy + (gh * r) / rows, gx + gw, gy + (gh * r) / rows, barStyle));
  }
  const shutter = (sx: number) =>
    group(
      rect(sx, y, w * 0.45, h, { fill: o.shutters ?? palette.sage, ...ink(sw) }),
      repeat(Math.floor(h / 9) - 1, (k) =>
        line(
          sx + 3,
          y + 8 + k * 9,
          sx + w * 0.45 - 3,
          y + 8 + k * 9,
          ink(1, darken(o.shutters ?? palette.sage, 0.3)),
        ),
      ),
    );
  return group(
    o.surround ? path(opening(x - 7, y - 7, w + 14, h + 7, head), { fill: o.surround, ...ink(sw) }) : "",
    o.shutters ? shutter(x - w * 0.5) + shutter(x + w * 1.05) : "",
    path(opening(x, y, w, h, head), { fill: frame, ...ink(sw) }),
    path(opening(gx, gy, gw, gh, head), { fill: o.glass ?? tone.glass }),
    line(gx + gw * 0.18, gy + gh - 4, gx + gw * 0.8, gy + gh * 0.45, {
      stroke: palette.paper,
      "stroke-opacity": 0.4,
      "stroke-width": Math.max(2, gw * 0.1),
      "stroke-linecap": "round",
    }),
    ...bars,
    o.sill === false
      ? ""
      : rect(x - 5, y + h, w + 10, 6, { fill: o.sill ?? palette.stone, ...ink(sw * 0.8) }),
  );
}

export interface DoorOpts {
  color?: string;
  fanlight?: "arch" | "rect" | "none";
  surround?: string;
  knob?: string;
}

/** A panelled door; the opening (x, y, w, h) includes the fanlight. */
export function door(x: number, y: number, w: number, h: number, o: DoorOpts = {}) {
  const color = o.color ?? palette.green;
  const fan = o.fanlight ?? "rect";
  const fanH = fan === "arch" ? w / 2 + 4 : fan === "rect" ? h * 0.17 : 0;
  const leafY = y + fanH;
  const leafH = h - fanH;
  const panel = darken(color, 0.25);
  const p = w * 0.14;
  const pw = (w - 3 * p) / 2;
  const topH = leafH * 0.42;
  const lowH = leafH * 0.3;
  const fanlight =
    fan === "arch"
      ? group(
          path(opening(x, y, w, w / 2 + 2, "arch"), { fill: tone.glass, ...ink(1.6) }),
          repeat(5, (k) => {
            const a = Math.PI * (1 + (k + 1) / 6);
            return line(
              x + w / 2,
              y + w / 2,
              x + w / 2 + Math.cos(a) * w * 0.48,
              y + w / 2 + Math.sin(a) * w * 0.48,
              ink(1.4, tone.white),
            );
          }),
          path(opening(x + w * 0.35, y + w * 0.35, w * 0.3, w * 0.15 + 2, "arch"), { fill: tone.white }),
        )
      : fan === "rect"
        ? group(
            rect(x, y, w, fanH - 3, { fill: tone.glass, ...ink(1.6) }),
            line(x + w / 2, y, x + w / 2, y + fanH - 3, ink(2, tone.white)),
          )
        : "";
  return group(
    o.surround
      ? path(opening(x - 9, y - 9, w + 18, h + 9, fan === "arch" ? "arch" : "flat"), {
          fill: o.surround,
          ...ink(1.6),
        })
      : "",
    fanlight,
    rect(x, leafY, w, leafH, { fill: color, ...ink(1.6) }),
    rect(x + p, leafY + p, pw, topH, { fill: "none", ...ink(1.4, panel) }),
    rect(x + 2 * p + pw, leafY + p, pw, topH, { fill: "none", ...ink(1.4, panel) }),
    rect(x + p, leafY + leafH - p - lowH, pw, lowH, { fill: "none", ...ink(1.4, panel) }),
    rect(x + 2 * p + pw, leafY + leafH - p - lowH, pw, lowH, { fill: "none", ...ink(1.4, panel) }),
    rect(x + w / 2 - w * 0.12, leafY + leafH * 0.52, w * 0.24, Math.max(2, w * 0.04), {
      fill: o.knob ?? palette.sand,
    }),
    circle(x + w - p * 0.9, leafY + leafH * 0.56, Math.max(1.8, w * 0.035), { fill: o.knob ?? palette.sand }),
  );
}

/** A band of cast-iron lace between two rails. */
export function ironLace(x: number, y: number, w: number, h: number, light = false) {
  const c = light ? palette.paper : palette.green;
  return group(
    rect(x, y, w, h, { fill: fill(light ? "laceCream" : "lace") }),
    line(x, y, x + w, y, ink(3, c)),
    line(x, y + h, x + w, y + h, ink(2, c)),
  );
}

/** A lace frieze under a balcony or verandah, with curved brackets at both ends. */
export function laceFrieze(x: number, y: number, w: number, h: number, light = false) {
  const b = h * 1.8;
  const bracket = (bx: number, dir: 1 | -1) =>
    path(`M${bx} ${y + h}H${bx + dir * b}Q${bx + dir * b * 0.15} ${y + h + b * 0.15} ${bx} ${y + h + b}Z`, {
      fill: fill(light ? "laceCream" : "lace"),
      ...ink(1.5, light ? palette.paper : palette.green),
    });
  return group(ironLace(x, y, w, h, light), bracket(x, 1), bracket(x + w, -1));
}

/** A slim cast-iron column. */
export function column(x: number, top: number, bottom: number, color: string = palette.green) {
  return group(
    rect(x - 3, top, 6, bottom - top, { fill: color }),
    rect(x - 5, bottom - 8, 10, 8, { fill: color }),
    rect(x - 5, top, 10, 5, { fill: color }),
  );
}

/** Cast-iron palisade fence on a low stone plinth. */
export function fence(x: number, y: number, w: number, h: number, color: string = palette.green) {
  const n = Math.floor(w / 9);
  return group(
    rect(x, y + h - 8, w, 8, { fill: palette.stone, ...ink(1.2) }),
    repeat(n, (i) => {
      const px = x + 4 + i * 9;
      return (
        line(px, y + h - 8, px, y + 4, ink(1.6, color)) +
        polygon(
          [
            [px - 2.5, y + 5],
            [px, y],
            [px + 2.5, y + 5],
          ],
          { fill: color },
        )
      );
    }),
    line(x, y + 10, x + w, y + 10, ink(2, color)),
    line(x, y + h - 14, x + w, y + h - 14, ink(2, color)),
  );
}

export function chimney(x: number, y: number, w: number, h: number, color: string = palette.brick) {
  return group(
    rect(x, y, w, h, { fill: color, ...ink(1.5) }),
    rect(x - 4, y, w + 8, 7, { fill: palette.stone, ...ink(1.5) }),
    rect(x + w * 0.2, y - 10, w * 0.22, 10, { fill: tone.terracotta, ...ink(1.2) }),
    rect(x + w * 0.58, y - 8, w * 0.22, 8, { fill: tone.terracotta, ...ink(1.2) }),
  );
}

/** A moulded cornice band. */
export function cornice(x: number, y: number, w: number, color: string = palette.stone) {
  return group(
    rect(x - 6, y, w + 12, 8, { fill: color, ...ink(1.4) }),
    rect(x - 2, y + 8, w + 4, 5, { fill: darken(color, 0.1), ...ink(1.2) }),
    repeat(Math.floor(w / 16), (i) => rect(x + 4 + i * 16, y + 13, 6, 5, { fill: darken(color, 0.15) })),
  );
}

export type Wall = "brick" | "ashlar" | string;

const wallFill = (wall: Wall) => (wall === "brick" || wall === "ashlar" ? fill(wall as PatternName) : wall);

export interface TerraceOpts {
  wall?: Wall;
  trim?: string;
  door?: string;
  pediment?: "triangle" | "segment" | "flat";
  fence?: boolean;
  lightLace?: boolean;
  chimney?: boolean;
}

export const TERRACE_WIDTH = 200;
export const TERRACE_HEIGHT = 340;

/**
 * A two-storey Victorian terrace in local coordinates (0..200 wide, ground at 0):
 * wing walls, verandah with lace frieze, iron-lace balcony, parapet and pediment.
 */
export function terrace(o: TerraceOpts = {}) {
  const W = TERRACE_WIDTH;
  const trim = o.trim ?? palette.stone;
  const wall = wallFill(o.wall ?? tone.stucco);
  const doorColor = o.door ?? palette.green;
  const light = o.lightLace ?? false;
  const pedTop = -322;
  const pediment =
    o.pediment === "flat"
      ? rect(70, -312, 60, 12, { fill: trim, ...ink(1.4) })
      : o.pediment === "segment"
        ? path(`M60 -300Q100 ${pedTop - 22} 140 -300Z`, { fill: trim, ...ink(1.4) })
        : polygon(
            [
              [62, -300],
              [100, pedTop],
              [138, -300],
            ],
            { fill: trim, ...ink(1.4) },
          );
  const wing = (x: number) =>
    group(
      rect(x, -304, 12, 304, { fill: trim, ...ink(1.4) }),
      rect(x - 3, -312, 18, 10, { fill: trim, ...ink(1.4) }),
      circle(x + 6, -318, 6, { fill: trim, ...ink(1.4) }),
      path(`M${x} -140q6 -16 12 0`, { fill: "none", ...ink(1.2) }),
    );
  return group(
    o.chimney === false
      ? ""
      : chimney(150, -350, 22, 50, o.wall === "brick" ? tone.terracotta : palette.brick),
    rect(12, -300, W - 24, 300, { fill: wall, ...ink(1.4) }),
    pediment,
    cornice(12, -282, W - 24, trim),
    // upper verandah roof (bullnose iron) and its lace frieze
    rect(12, -262, W - 24, 24, { fill: fill("corrugated"), ...ink(1.4) }),
    rect(12, -240, W - 24, 4, { fill: palette.slate }),
    // upper floor: two french doors behind the balcony
    windowAt(34, -232, 42, 96, { sill: false, bars: "grid", cols: 2, rows: 4 }),
    windowAt(118, -232, 42, 96, { sill: false, bars: "grid", cols: 2, rows: 4 }),
    laceFrieze(12, -236, W - 24, 12, light),
    // balcony
    ironLace(12, -178, W - 24, 38, light),
    rect(8, -140, W - 16, 9, { fill: trim, ...ink(1.4) }),
    laceFrieze(12, -131, W - 24, 12, light),
    // ground floor
    door(26, -112, 40, 112, { color: doorColor, fanlight: "rect" }),
    windowAt(102, -108, 64, 84, { surround: trim }),
    rect(12, -5, W - 24, 5, { fill: fill("checker") }),
    o.fence === false ? "" : fence(70, -34, W - 82, 34),
    wing(0),
    wing(W - 12),
  );
}

export interface AwningOpts {
  stripes?: "stripeGreen" | "stripeBrick";
  valance?: string;
}

/** A striped fabric shop awning with a scalloped valance; (x, y) top-left. */
export function awning(x: number, y: number, w: number, drop: number, o: AwningOpts = {}) {
  const stripes = fill(o.stripes ?? "stripeGreen");
  const val = o.valance ?? (o.stripes === "stripeBrick" ? palette.brick : palette.sage);
  const n = Math.max(3, Math.round(w / 26));
  const sw = (w + 12) / n;
  const vy = y + drop;
  let scallops = `M${x - 6} ${vy}`;
  for (let i = 0; i < n; i++) {
    scallops += `q${sw / 2} ${sw * 0.55} ${sw} 0`;
  }
  return group(
    rect(x, vy + 6, w, 14, { fill: fill("hatch") }),
    polygon(
      [
        [x, y],
        [x + w, y],
        [x + w + 6, vy],
        [x - 6, vy],
      ],
      { fill: stripes, ...ink(1.6) },
    ),
    path(`${scallops}V${vy - 8}H${x - 6}Z`, { fill: val, ...ink(1.4) }),
    line(x, y, x + w, y, ink(4, darken(val, 0.3))),
  );
}

export interface ShopOpts {
  frame?: string;
  stall?: string;
  contents?: string;
  doorSide?: "left" | "centre" | "right";
}

/** A Victorian shopfront in local coords: width w, height h above ground 0. */
export function shopfront(w: number, h: number, o: ShopOpts = {}) {
  const frame = o.frame ?? palette.green;
  const stall = o.stall ?? darken(palette.green, 0.1);
  const doorW = Math.min(56, w * 0.26);
  const side = o.doorSide ?? "centre";
  const dx = side === "left" ? 10 : side === "right" ? w - doorW - 10 : (w - doorW) / 2;
  const glassTop = -h * 0.8;
  const stallTop = -h * 0.2;
  const transom = -h * 0.94;
  const panes = (x0: number, x1: number) => {
    const cols = Math.max(1, Math.round((x1 - x0) / 70));
    const pw = (x1 - x0) / cols;
    return repeat(cols, (i) =>
      group(
        rect(x0 + i * pw, glassTop, pw, stallTop - glassTop, { fill: tone.glass, ...ink(1.4) }),
        line(x0 + i * pw + pw * 0.2, stallTop - 6, x0 + i * pw + pw * 0.7, glassTop + 20, {
          stroke: palette.paper,
          "stroke-opacity": 0.35,
          "stroke-width": 6,
          "stroke-linecap": "round",
        }),
      ),
    );
  };
  return group(
    rect(0, -h, w, h, { fill: frame, ...ink(1.6) }),
    rect(6, transom, w - 12, glassTop - transom - 6, { fill: tone.glassDark, ...ink(1.2) }),
    repeat(Math.floor((w - 12) / 28), (i) =>
      line(6 + (i + 1) * 28, transom, 6 + (i + 1) * 28, glassTop - 6, ink(2, frame)),
    ),
    panes(6, dx - 4),
    panes(dx + doorW + 4, w - 6),
    o.contents ?? "",
    rect(6, stallTop, dx - 10, -stallTop - 4, { fill: stall, ...ink(1.4) }),
    rect(dx + doorW + 4, stallTop, w - dx - doorW - 10, -stallTop - 4, { fill: stall, ...ink(1.4) }),
    rect(6, stallTop, dx - 10, -stallTop - 4, { fill: fill("hatchLight") }),
    rect(dx + doorW + 4, stallTop, w - dx - doorW - 10, -stallTop - 4, { fill: fill("hatchLight") }),
    rect(dx, glassTop, doorW, -glassTop, { fill: darken(frame, 0.35) }),
    rect(dx + 6, glassTop + 6, doorW - 12, -glassTop - 8, { fill: tone.glassDark, ...ink(1.2) }),
    rect(dx + doorW - 14, -h * 0.42, 3, 18, { fill: palette.sand }),
  );
}

export interface BuildingOpts {
  w: number;
  storeys: number;
  storeyH?: number;
  wall?: Wall;
  trim?: string;
  windows?: number;
  head?: Head;
  shop?: ShopOpts & { awning?: AwningOpts };
  parapet?: "pediment" | "flat" | "gable";
}

/** A commercial building: shopfront at street level, offices above, cornice and parapet. */
export function building(o: BuildingOpts) {
  const sh = o.storeyH ?? 120;
  const top = -sh * o.storeys - 10;
  const trim = o.trim ?? palette.stone;
  const n = o.windows ?? Math.max(2, Math.round(o.w / 90));
  const ww = Math.min(56, (o.w / n) * 0.5);
  const upper = repeat(o.storeys - 1, (f) => {
    const y = -sh * (f + 2) + 28;
    return group(
      rect(0, -sh * (f + 1) - 6, o.w, 8, { fill: trim, ...ink(1.2) }),
      repeat(n, (i) =>
        windowAt((o.w / n) * (i + 0.5) - ww / 2, y, ww, sh - 50, {
          head: o.head ?? "segment",
          surround: trim,
        }),
      ),
    );
  });
  const parapetH = 46;
  const parapet =
    o.parapet === "gable"
      ? polygon(
          [
            [o.w * 0.3, top - parapetH + 10],
            [o.w / 2, top - parapetH - 40],
            [o.w * 0.7, top - parapetH + 10],
          ],
          { fill: wallFill(o.wall ?? "brick"), ...ink(1.5) },
        ) + circle(o.w / 2, top - parapetH - 8, 12, { fill: trim, ...ink(1.4) })
      : o.parapet === "pediment"
        ? path(
            `M${o.w * 0.32} ${top - parapetH + 4}Q${o.w / 2} ${top - parapetH - 40} ${o.w * 0.68} ${top - parapetH + 4}Z`,
            { fill: trim, ...ink(1.4) },
          )
        : "";
  return group(
    parapet,
    rect(0, top - parapetH, o.w, -top + parapetH, { fill: wallFill(o.wall ?? "brick"), ...ink(1.6) }),
    rect(-4, top - parapetH, o.w + 8, 8, { fill: trim, ...ink(1.4) }),
    rect(o.w * 0.2, top - parapetH + 14, o.w * 0.6, 20, { fill: lighten(trim, 0.3), ...ink(1.2) }),
    cornice(0, top, o.w, trim),
    upper,
    o.shop ? group(shopfront(o.w, sh - 12, o.shop), awning(-4, -sh + 8, o.w + 8, 44, o.shop.awning)) : "",
  );
}

/** A small brass name plate (no lettering) with four screws. */
export function brassPlate(x: number, y: number, w: number, h: number) {
  const r = Math.max(1.2, h * 0.06);
  return group(
    rect(x + 2, y + 3, w, h, { fill: palette.slate, "fill-opacity": 0.2, rx: 3 }),
    rect(x, y, w, h, { fill: palette.sand, rx: 3, ...ink(1.4, darken(palette.sand, 0.35)) }),
    rect(x + w * 0.1, y + h * 0.12, w * 0.8, h * 0.2, { fill: lighten(palette.sand, 0.45), rx: 2 }),
    circle(x + r * 3, y + r * 3, r, { fill: darken(palette.sand, 0.3) }),
    circle(x + w - r * 3, y + r * 3, r, { fill: darken(palette.sand, 0.3) }),
    circle(x + r * 3, y + h - r * 3, r, { fill: darken(palette.sand, 0.3) }),
    circle(x + w - r * 3, y + h - r * 3, r, { fill: darken(palette.sand, 0.3) }),
  );
}

/** Rooftops seen from above street level: a band of hipped roofs and chimneys. */
export function rooftop(x: number, y: number, w: number, h: number, kind: "tiles" | "slate" = "tiles") {
  const wall = kind === "tiles" ? tone.stucco : mix(palette.stone, palette.sand, 0.3);
  return group(
    rect(x + w * 0.06, y + h * 0.55, w * 0.88, h * 0.6, { fill: wall, ...ink(1.4) }),
    polygon(
      [
        [x, y + h * 0.6],
        [x + w * 0.25, y],
        [x + w * 0.75, y],
        [x + w, y + h * 0.6],
      ],
      {
        fill: fill(kind === "tiles" ? "rooftiles" : "shingles"),
        ...ink(1.4),
      },
    ),
    chimney(x + w * 0.62, y - h * 0.25, w * 0.09, h * 0.35),
  );
}
