// Rooms seen straight on from inside: wall and floor, a window onto the street, and
// furniture drawn in elevation with a shallow top face so that objects can stand on it.
import { cloud, ridge, sun, tree } from "../nature.ts";
import { fill } from "../patterns.ts";
import { random } from "../random.ts";
import {
  circle,
  darken,
  el,
  ellipse,
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

/** Draw `content` clipped to a rectangle. The id comes from the geometry, so output is stable. */
export function clipped(x: number, y: number, w: number, h: number, content: string, rx = 0) {
  const id = `clip-${[x, y, w, h].map(Math.round).join("-")}`;
  return el("clipPath", { id }, rect(x, y, w, h, { rx })) + g({ "clip-path": `url(#${id})` }, content);
}

/** A soft contact shadow under an object standing at (cx, y). */
export const shadow = (cx: number, y: number, rx: number, ry = rx * 0.14) =>
  ellipse(cx, y, rx, ry, { fill: palette.slate, "fill-opacity": 0.14 });

/** A flat pool or shaft of light: a polygon in a pale, very transparent tint. */
export const lightPool = (pts: readonly Pt[], opacity = 0.22, color: string = lighten(palette.sand, 0.55)) =>
  polygon(pts, { fill: color, "fill-opacity": opacity });

export interface RoomOpts {
  width: number;
  height: number;
  floorY: number;
  wall?: string;
  floor?: string;
}

/** Wall, skirting board and a timber floor whose boards widen towards the viewer. */
export function room(o: RoomOpts) {
  const wall = o.wall ?? tone.wall;
  const floor = o.floor ?? tone.wood;
  const depth = o.height - o.floorY;
  return group(
    rect(0, 0, o.width, o.floorY, { fill: wall }),
    rect(0, o.floorY, o.width, depth, { fill: floor }),
    repeat(6, (i) => {
      const y = o.floorY + depth * ((i + 1) / 7) ** 1.4;
      return line(0, y, o.width, y, ink(1, darken(floor, 0.14)));
    }),
    rect(-2, o.floorY - 16, o.width + 4, 16, { fill: lighten(wall, 0.45), ...ink(1.2) }),
  );
}

export type View = "day" | "morning" | "night";

const skyColour: Record<View, string> = {
  day: tone.sky,
  morning: mix(palette.paper, palette.sand, 0.28),
  night: darken(tone.night, 0.3),
};

/** A crescent moon, horns pointing right. */
export function crescent(cx: number, cy: number, r: number, color: string = palette.stone) {
  return path(
    `M${cx} ${cy - r}A${r} ${r} 0 0 0 ${cx} ${cy + r}A${r * 1.25} ${r * 1.25} 0 0 1 ${cx} ${cy - r}Z`,
    { fill: color, transform: `rotate(-20 ${cx} ${cy})` },
  );
}

/** Small stars scattered over a rectangle, kept clear of one point (the moon). */
function stars(x: number, y: number, w: number, h: number, seed: string, clear: Pt) {
  const rnd = random(`${seed}-stars`);
  return repeat(14, () => {
    const sx = x + rnd.range(0.05, 0.95) * w;
    const sy = y + rnd.range(0.05, 0.95) * h;
    const far = Math.hypot(sx - clear[0], sy - clear[1]) > w * 0.16;
    return far ? circle(sx, sy, rnd.range(1.4, 3), { fill: palette.stone, "fill-opacity": 0.8 }) : "";
  });
}

/** What is seen through a window: sky, distant treetops and a street tree. */
function outdoorView(x: number, y: number, w: number, h: number, view: View, seed: string) {
  const night = view === "night";
  const moon: Pt = [x + w * 0.66, y + h * 0.28];
  const far = night ? mix(skyColour.night, palette.sage, 0.3) : mix(palette.sage, palette.paper, 0.5);
  const near = night ? darken(palette.green, 0.35) : palette.sage;
  const glint = (gx: number) =>
    line(gx, y + h * 0.7, gx + w * 0.2, y + h * 0.25, {
      stroke: palette.paper,
      "stroke-opacity": night ? 0.05 : 0.3,
      "stroke-width": w * 0.05,
      "stroke-linecap": "round",
    });
  return group(
    rect(x, y, w, h, { fill: skyColour[view] }),
    view === "day" ? cloud(x + w * 0.1, y + h * 0.32, w * 0.38) : "",
    view === "morning" ? sun(x + w * 0.3, y + h * 0.36, Math.min(w, h) * 0.11) : "",
    night ? stars(x, y, w, h * 0.6, seed, moon) + crescent(moon[0], moon[1], Math.min(w, h) * 0.1) : "",
    ridge(x - 40, x + w, y + h * 0.66, y + h, { amp: h * 0.04, step: w * 0.16, seed, color: far }),
    tree(x + w * 0.82, y + h * 1.25, {
      height: h * 0.95,
      seed: `${seed}-tree`,
      color: night ? near : undefined,
    }),
    ridge(x - 40, x + w, y + h * 0.88, y + h, {
      amp: h * 0.05,
      step: w * 0.2,
      seed: `${seed}-near`,
      color: near,
    }),
    glint(x + w * 0.12),
    glint(x + w * 0.6),
  );
}

export interface RoomWindowOpts {
  view?: View;
  seed?: string;
  cols?: number;
  rows?: number;
  frame?: string;
}

/** A tall painted window with glazing bars and a sill; (x, y, w, h) is the glass. */
export function roomWindow(x: number, y: number, w: number, h: number, o: RoomWindowOpts = {}) {
  const frame = o.frame ?? tone.white;
  const f = Math.max(12, w * 0.045);
  const cols = o.cols ?? 2;
  const rows = o.rows ?? 2;
  const bar = ink(f * 0.5, frame);
  return group(
    rect(x - f, y - f, w + 2 * f, h + 2 * f, { fill: frame, ...ink(1.6) }),
    clipped(x, y, w, h, outdoorView(x, y, w, h, o.view ?? "day", o.seed ?? "window")),
    repeat(cols - 1, (i) => line(x + (w * (i + 1)) / cols, y, x + (w * (i + 1)) / cols, y + h, bar)),
    repeat(rows - 1, (i) => line(x, y + (h * (i + 1)) / rows, x + w, y + (h * (i + 1)) / rows, bar)),
    rect(x, y, w, h, { fill: "none", ...ink(1.4) }),
    rect(x - f * 1.8, y + h + f, w + f * 3.6, f * 1.1, { fill: frame, ...ink(1.4) }),
  );
}

export interface BlockColours {
  top: string;
  front: string;
}

/**
 * A block seen from slightly above: a front face w × h standing on baseY and a top
 * face `depth` deep that narrows towards the back.
 */
export function block(x: number, baseY: number, w: number, h: number, depth: number, c: BlockColours) {
  const top = baseY - h;
  const inset = depth * 0.5;
  return group(
    polygon(
      [
        [x, top],
        [x + w, top],
        [x + w - inset, top - depth],
        [x + inset, top - depth],
      ],
      { fill: c.top, ...ink(1.4) },
    ),
    rect(x, top, w, h, { fill: c.front, ...ink(1.4) }),
  );
}

export interface DeskOpts {
  depth?: number;
  color?: string;
  drawers?: "left" | "right";
}

/** Two drawers one above the other, each with a pull; (x, y) top-left. */
function drawerPair(x: number, y: number, wood: string) {
  return group(
    rect(x, y, 180, 150, { fill: wood, ...ink(1.4) }),
    ...[0, 1].map((i) =>
      group(
        rect(x + 12, y + 12 + i * 68, 156, 58, { fill: lighten(wood, 0.12), ...ink(1.2) }),
        rect(x + 70, y + 36 + i * 68, 40, 7, { rx: 3.5, fill: palette.slate }),
      ),
    ),
  );
}

/**
 * A timber desk whose front top edge runs from x to x + w at `edgeY`; the top face
 * lies above that line, so objects stand on baselines between edgeY - depth and edgeY.
 */
export function desk(x: number, edgeY: number, w: number, floorY: number, o: DeskOpts = {}) {
  const wood = o.color ?? tone.wood;
  const depth = o.depth ?? 70;
  const thick = 18;
  const legTop = edgeY + thick;
  const leg = (lx: number) =>
    rect(lx, legTop, 16, floorY - legTop, { fill: darken(wood, 0.15), ...ink(1.4) });
  return group(
    leg(x + 14),
    leg(x + w - 30),
    o.drawers ? drawerPair(o.drawers === "left" ? x + 20 : x + w - 200, legTop, wood) : "",
    block(x, edgeY + thick, w, thick, depth, { top: lighten(wood, 0.28), front: wood }),
  );
}

/** A small chest of drawers (a bedside table) on short legs, a knob on each drawer. */
export function bedsideTable(x: number, floorY: number, w: number, h: number, color: string = tone.wood) {
  const legH = h * 0.14;
  const bodyY = floorY - legH;
  const drawerH = (h - legH - 24) / 2;
  const leg = (lx: number) => rect(lx, bodyY - 2, 10, legH + 2, { fill: darken(color, 0.2), ...ink(1.2) });
  return group(
    leg(x + 8),
    leg(x + w - 18),
    block(x, bodyY, w, h - legH, 34, { top: lighten(color, 0.2), front: color }),
    ...[0, 1].map((i) => {
      const dy = bodyY - h + legH + 10 + i * (drawerH + 6);
      return group(
        rect(x + 10, dy, w - 20, drawerH, { fill: lighten(color, 0.08), ...ink(1.2) }),
        circle(x + w / 2, dy + drawerH / 2, 5, { fill: palette.sand, ...ink(1) }),
      );
    }),
  );
}

/** The top face of a bedside table drawn with `bedsideTable(x, floorY, w, h)`: a baseline for objects. */
export const bedsideTop = (floorY: number, h: number) => floorY - h - 14;

export interface BedOpts {
  frame?: string;
  cover?: string;
  sheet?: string;
}

/** A made bed seen from the side: headboard on the left, pillows, a cover with its top folded back. */
export function bed(x: number, floorY: number, w: number, o: BedOpts = {}) {
  const frame = o.frame ?? tone.wood;
  const cover = o.cover ?? palette.sage;
  const sheet = o.sheet ?? tone.white;
  const baseTop = floorY - 110;
  const mattressTop = baseTop - 70;
  const headW = 34;
  const bodyX = x + headW;
  const bodyW = w - headW - 20;
  const foot = (fx: number) => rect(fx, baseTop + 80, 14, 30, { fill: darken(frame, 0.2), ...ink(1.2) });
  return group(
    rect(x, floorY - 330, headW, 330, { rx: 10, fill: frame, ...ink(1.6) }),
    rect(x + 8, floorY - 318, headW - 16, 180, { rx: 6, fill: lighten(frame, 0.15) }),
    rect(bodyX, baseTop, bodyW, 80, { fill: darken(frame, 0.05), ...ink(1.6) }),
    foot(bodyX + 10),
    foot(bodyX + bodyW - 24),
    rect(x + w - 20, floorY - 200, 20, 200, { rx: 8, fill: frame, ...ink(1.6) }),
    rect(bodyX, mattressTop, bodyW, 70, { rx: 10, fill: sheet, ...ink(1.4) }),
    ...[0, 1].map((i) =>
      rect(bodyX + 10 + i * 26, mattressTop - 48 + i * 8, 150, 54, {
        rx: 24,
        fill: i ? sheet : mix(sheet, palette.stone, 0.45),
        ...ink(1.4),
      }),
    ),
    path(
      `M${bodyX + 220} ${mattressTop - 6}H${bodyX + bodyW + 6}V${baseTop + 60}` +
        `Q${bodyX + bodyW - 40} ${baseTop + 74} ${bodyX + 220} ${baseTop + 52}Z`,
      { fill: cover, ...ink(1.5) },
    ),
    rect(bodyX + 200, mattressTop - 12, 56, baseTop + 66 - mattressTop, { rx: 14, fill: sheet, ...ink(1.4) }),
    rect(bodyX + 300, mattressTop + 40, bodyW - 300, 3, { fill: darken(cover, 0.2), "fill-opacity": 0.5 }),
  );
}

/** A kitchen bench: stone top at topY, sage cupboards with handles, down to floorY. */
export function kitchenBench(x: number, topY: number, w: number, floorY: number, doors = 4) {
  const doorW = w / doors;
  return group(
    rect(x, topY + 20, w, floorY - topY - 20, { fill: palette.sage, ...ink(1.6) }),
    repeat(doors, (i) =>
      group(
        rect(x + i * doorW + 10, topY + 36, doorW - 20, floorY - topY - 70, {
          fill: lighten(palette.sage, 0.1),
          ...ink(1.2),
        }),
        rect(x + i * doorW + (i % 2 ? 22 : doorW - 30), topY + 60, 8, 50, { rx: 4, fill: palette.sand }),
      ),
    ),
    block(x - 10, topY + 20, w + 20, 20, 60, {
      top: mix(palette.stone, palette.paper, 0.35),
      front: palette.stone,
    }),
  );
}

/** Wall tiles from y, h high, behind a bench. */
export const splashback = (y: number, w: number, h: number) =>
  group(rect(0, y, w, h, { fill: fill("tilesWall") }), line(0, y, w, y, ink(1.2)));

export interface CafeOpts {
  color?: string;
  top?: string;
}

/** A round bistro table seen from the side, its top at topY. */
export function cafeTable(cx: number, topY: number, floorY: number, r: number, o: CafeOpts = {}) {
  const metal = o.color ?? palette.green;
  return group(
    shadow(cx, floorY, r * 0.9),
    rect(cx - 5, topY + 10, 10, floorY - topY - 20, { fill: metal }),
    path(`M${cx - r * 0.5} ${floorY}Q${cx} ${floorY - 40} ${cx + r * 0.5} ${floorY}Z`, { fill: metal }),
    ellipse(cx, topY + 6, r, 10, { fill: darken(o.top ?? palette.stone, 0.15), ...ink(1.4) }),
    ellipse(cx, topY, r, 10, { fill: o.top ?? palette.stone, ...ink(1.4) }),
  );
}

/** A bistro chair in profile, centred on x = 0 with its back on the left; mirror it with `place`. */
export function cafeChair(seatY: number, floorY: number, color: string = palette.green) {
  const bar = ink(6, color);
  return group(
    line(-40, floorY, -34, seatY, bar),
    line(40, floorY, 34, seatY, bar),
    path(`M-36 ${seatY}Q-46 ${seatY - 80} -30 ${seatY - 150}`, { fill: "none", ...bar }),
    path(`M-34 ${seatY - 60}Q-30 ${seatY - 80} -36 ${seatY - 120}`, { fill: "none", ...ink(3, color) }),
    rect(-48, seatY - 8, 96, 12, { rx: 6, fill: tone.wood, ...ink(1.4) }),
  );
}
