// Rooms in gentle one-point perspective, built on the pinhole camera: the back
// wall is seen straight on, side walls, floor and ceiling converge on the eye.
// Furniture is drawn in elevation in centimetres and stood on the floor with `stand`.
import { type Head, opening, place } from "./architecture.ts";
import { tree } from "./nature.ts";
import { type Camera, camera, type P3 } from "./perspective.ts";
import { random } from "./random.ts";
import { clipTo } from "./scenery.ts";
import {
  circle,
  darken,
  ellipse,
  group,
  ink,
  lighten,
  line,
  mix,
  palette,
  path,
  rect,
  repeat,
  tone,
} from "./svg.ts";

export interface Room {
  cam: Camera;
  /** Width, height and depth of the room in metres (back wall at z = d). */
  w: number;
  h: number;
  d: number;
  near: number;
}

/** A room whose back wall fills the middle of a 1260 × 750 scene. */
export function makeRoom(o: { w?: number; h?: number; d?: number; cx?: number; cy?: number } = {}): Room {
  const cam = camera({ cx: o.cx ?? 630, cy: o.cy ?? 346, f: 853, eye: [0, 1.6] });
  return { cam, w: o.w ?? 9, h: o.h ?? 4, d: o.d ?? 8, near: 0.6 };
}

/** Stand a centimetre-scale elevation drawing on the floor at world (x, z). */
export function stand(cam: Camera, x: number, z: number, content: string, y = 0) {
  const [sx, sy] = cam.at([x, y, z]);
  return place(sx, sy, content, cam.cm(z));
}

export interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
  head?: Head;
}

/** Screen box of a back-wall rectangle given in metres: left x, sill y, width, height. */
export function onBackWall(r: Room, x: number, y: number, w: number, h: number, head?: Head): Box {
  const [sx, sy] = r.cam.at([x, y + h, r.d]);
  const s = r.cam.scale(r.d);
  return { x: sx, y: sy, w: w * s, h: h * s, head };
}

export interface RoomLook {
  wall?: string;
  side?: string;
  ceiling?: string;
  floor?: "boards" | "concrete";
  floorColor?: string;
  /** Leave out the flat ceiling (for raked ceilings drawn separately). */
  noCeiling?: boolean;
}

const edgeInk = ink(1.2, mix(palette.slate, palette.paper, 0.35));

/** Floor, side walls, ceiling and back wall, with skirtings and floorboards. */
export function roomShell(r: Room, look: RoomLook = {}) {
  const c = r.cam;
  const hw = r.w / 2;
  const { h, d, near } = r;
  const wall = look.wall ?? tone.wall;
  const side = look.side ?? darken(wall, 0.07);
  const floorColor =
    look.floorColor ?? (look.floor === "concrete" ? mix(palette.stone, palette.slate, 0.22) : tone.woodLight);
  const skirt = lighten(wall, 0.5);
  const sideWall = (x: number) =>
    group(
      c.face(
        [
          [x, 0, near],
          [x, h, near],
          [x, h, d],
          [x, 0, d],
        ],
        { fill: side },
      ),
      c.face(
        [
          [x, 0, near],
          [x, 0.14, near],
          [x, 0.14, d],
          [x, 0, d],
        ],
        { fill: skirt, ...edgeInk },
      ),
    );
  return group(
    look.noCeiling
      ? ""
      : c.face(
          [
            [-hw, h, near],
            [hw, h, near],
            [hw, h, d],
            [-hw, h, d],
          ],
          { fill: look.ceiling ?? lighten(wall, 0.45) },
        ),
    sideWall(-hw),
    sideWall(hw),
    c.face(
      [
        [-hw, 0, near],
        [hw, 0, near],
        [hw, 0, d],
        [-hw, 0, d],
      ],
      { fill: floorColor },
    ),
    look.floor === "concrete" ? concreteSheen(r) : floorboards(r, floorColor),
    c.face(
      [
        [-hw, 0, d],
        [-hw, h, d],
        [hw, h, d],
        [hw, 0, d],
      ],
      { fill: wall },
    ),
    c.face(
      [
        [-hw, 0, d],
        [-hw, 0.14, d],
        [hw, 0.14, d],
        [hw, 0, d],
      ],
      { fill: skirt, ...edgeInk },
    ),
    ...(
      [
        [
          [-hw, 0, near],
          [-hw, 0, d],
        ],
        [
          [hw, 0, near],
          [hw, 0, d],
        ],
        [
          [-hw, 0, d],
          [-hw, h, d],
        ],
        [
          [hw, 0, d],
          [hw, h, d],
        ],
      ] as const
    ).map(([a, b]) => c.edge(a, b, edgeInk)),
    look.noCeiling
      ? ""
      : group(
          c.edge([-hw, h, near], [-hw, h, d], edgeInk),
          c.edge([hw, h, near], [hw, h, d], edgeInk),
          c.edge([-hw, h, d], [hw, h, d], edgeInk),
        ),
  );
}

/** Boards running away from the viewer, with staggered end joints. */
function floorboards(r: Room, color: string) {
  const c = r.cam;
  const hw = r.w / 2;
  const board = 0.2;
  const rnd = random("boards");
  const n = Math.ceil(r.w / board);
  const seam = { ...ink(1, darken(color, 0.22)), "stroke-opacity": 0.55 };
  return group(
    repeat(n, (i) => c.edge([-hw + i * board, 0, r.near], [-hw + i * board, 0, r.d], seam)),
    repeat(n, (i) =>
      repeat(3, (k) => {
        const z = r.near + 1.2 + k * 2.4 + rnd.range(0, 2);
        return c.edge([-hw + i * board, 0, z], [-hw + (i + 1) * board, 0, z], seam);
      }),
    ),
  );
}

/** Soft reflections on a polished concrete floor. */
function concreteSheen(r: Room) {
  const c = r.cam;
  return repeat(4, (i) =>
    c.face(
      [
        [-3 + i * 2, 0, r.d],
        [-2.4 + i * 2, 0, r.d],
        [-2.2 + i * 2, 0, 2],
        [-3.2 + i * 2, 0, 2],
      ],
      { fill: palette.paper, "fill-opacity": 0.12 },
    ),
  );
}

/** Sunlight falling through a back-wall opening onto the floor towards the viewer. */
export function sunPatch(r: Room, x0: number, x1: number, length: number, skew = 0.6) {
  return r.cam.face(
    [
      [x0, 0, r.d],
      [x1, 0, r.d],
      [x1 + skew, 0, r.d - length],
      [x0 + skew, 0, r.d - length],
    ],
    { fill: palette.paper, "fill-opacity": 0.38 },
  );
}

export interface ViewWindowOpts {
  frame?: string;
  surround?: string;
  cols?: number;
  rows?: number;
  sill?: boolean;
}

/** Windows (screen boxes) that show `view` through their glass, with glazing bars. */
export function windowsWithView(panes: readonly Box[], view: string, o: ViewWindowOpts = {}) {
  const frame = o.frame ?? tone.white;
  const inner = (p: Box): Box => {
    const i = Math.max(4, p.w * 0.05);
    return { x: p.x + i, y: p.y + i, w: p.w - 2 * i, h: p.h - 2 * i, head: p.head };
  };
  const outline = (p: Box) => opening(p.x, p.y, p.w, p.h, p.head ?? "flat");
  const bars = (p: Box) => {
    const q = inner(p);
    const cols = o.cols ?? 2;
    const rows = o.rows ?? 3;
    const bar = ink(Math.max(2.5, p.w * 0.03), frame);
    return group(
      repeat(cols - 1, (k) =>
        line(q.x + (q.w * (k + 1)) / cols, q.y, q.x + (q.w * (k + 1)) / cols, q.y + q.h, bar),
      ),
      repeat(rows - 1, (k) =>
        line(q.x, q.y + (q.h * (k + 1)) / rows, q.x + q.w, q.y + (q.h * (k + 1)) / rows, bar),
      ),
      line(q.x + q.w * 0.15, q.y + q.h * 0.9, q.x + q.w * 0.85, q.y + q.h * 0.35, {
        stroke: palette.paper,
        "stroke-opacity": 0.3,
        "stroke-width": q.w * 0.12,
        "stroke-linecap": "round",
      }),
    );
  };
  return group(
    ...panes.map((p) =>
      group(
        o.surround
          ? path(opening(p.x - 9, p.y - 9, p.w + 18, p.h + 9, p.head ?? "flat"), {
              fill: o.surround,
              ...ink(1.4),
            })
          : "",
        path(outline(p), { fill: frame, ...ink(1.4) }),
      ),
    ),
    clipTo(
      panes.map((p) => outline(inner(p))).join(""),
      view,
      rect(-50, -50, 1400, 900, { fill: palette.paper, "fill-opacity": 0.14 }),
      ...panes.map(bars),
    ),
    ...panes.map((p) => path(outline(inner(p)), { fill: "none", ...ink(1.1) })),
    o.sill === false
      ? ""
      : group(
          ...panes.map((p) =>
            rect(p.x - 7, p.y + p.h, p.w + 14, 8, { fill: lighten(frame, 0.2), ...ink(1.2) }),
          ),
        ),
  );
}

/** A window in a side wall: z along the wall, y from sill to head, in metres. */
export function sideWindow(r: Room, side: -1 | 1, z0: number, z1: number, y0: number, y1: number) {
  const x = (side * r.w) / 2;
  const c = r.cam;
  const quad = (za: number, zb: number, ya: number, yb: number): P3[] => [
    [x, ya, za],
    [x, yb, za],
    [x, yb, zb],
    [x, ya, zb],
  ];
  const m = (z1 - z0) * 0.06;
  return group(
    c.face(quad(z0, z1, y0, y1), { fill: tone.white, ...ink(1.3) }),
    c.face(quad(z0 + m, z1 - m, y0 + 0.08, y1 - 0.08), {
      fill: mix(tone.sky, palette.paper, 0.3),
      ...ink(1),
    }),
    c.face(quad(z0 + m, z1 - m, y0 + 0.08, y0 + (y1 - y0) * 0.35), {
      fill: mix(palette.sage, palette.paper, 0.45),
    }),
    c.edge([x, y0 + 0.08, (z0 + z1) / 2], [x, y1 - 0.08, (z0 + z1) / 2], ink(3, tone.white)),
    c.edge([x, (y0 + y1) / 2, z0 + m], [x, (y0 + y1) / 2, z1 - m], ink(3, tone.white)),
    c.face(quad(z0 - m * 0.4, z1 + m * 0.4, y0 - 0.07, y0), { fill: tone.white, ...ink(1.1) }),
  );
}

/** A pendant light hanging from y0 down to y1 (screen px), shade radius rad. */
export function pendant(x: number, y0: number, y1: number, rad: number, color: string = palette.green) {
  return group(
    line(x, y0, x, y1 - rad * 0.6, ink(1.2)),
    path(`M${x - rad} ${y1}A${rad} ${rad * 0.9} 0 0 1 ${x + rad} ${y1}Z`, { fill: color, ...ink(1.3) }),
    ellipse(x, y1, rad, rad * 0.14, { fill: lighten(palette.sand, 0.6), ...ink(1.1) }),
    circle(x, y1 - rad * 0.6, rad * 0.16, { fill: darken(color, 0.3) }),
  );
}

/** The view out of a window: sky, the upper floors across the street and trees. */
export function outsideView(
  x: number,
  y: number,
  w: number,
  h: number,
  seed: string,
  kind: "street" | "rooftops",
) {
  const rnd = random(seed);
  const out: string[] = [rect(x, y, w, h, { fill: tone.sky })];
  if (kind === "street") {
    const top = y + h * 0.3;
    let bx = x - 20;
    while (bx < x + w) {
      const bw = rnd.range(150, 230);
      const color = rnd.pick([
        tone.stucco,
        mix(palette.sand, palette.paper, 0.45),
        mix(palette.sage, palette.paper, 0.6),
      ]);
      const byTop = top + rnd.range(-20, 30);
      out.push(
        rect(bx, byTop, bw, y + h - byTop, { fill: color, ...ink(1.2) }),
        rect(bx - 4, byTop, bw + 8, 10, { fill: palette.stone, ...ink(1) }),
        repeat(2, (k) =>
          rect(bx + bw * (0.2 + k * 0.4), byTop + 40, bw * 0.2, 70, { fill: tone.glassDark, ...ink(1) }),
        ),
      );
      bx += bw;
    }
    for (let i = 0; i < 3; i++) {
      out.push(tree(x + w * (0.12 + i * 0.38), y + h * 1.5, { height: h * 1.25, seed: `${seed}-t${i}` }));
    }
  } else {
    out.push(
      rect(x, y + h * 0.55, w, h * 0.45, { fill: mix(palette.sage, palette.paper, 0.6) }),
      repeat(Math.ceil(w / 40), (i) =>
        circle(x + i * 40 + rnd.range(-6, 6), y + h * 0.56, rnd.range(16, 30), {
          fill: mix(palette.sage, palette.paper, 0.55),
        }),
      ),
    );
    let rx = x - 30;
    while (rx < x + w) {
      const rw = rnd.range(110, 170);
      const ry = y + h * rnd.range(0.6, 0.68);
      out.push(roofBlock(rx, ry, rw, rnd.pick(["tiles", "slate"] as const), rnd.next() > 0.5));
      rx += rw + rnd.range(-10, 20);
    }
    for (let i = 0; i < 4; i++) {
      out.push(
        tree(x + rnd.range(0, w), y + h * 1.02, {
          height: h * rnd.range(0.35, 0.5),
          seed: `${seed}-r${i}`,
          kind: i % 3 === 2 ? "jacaranda" : "street",
        }),
      );
    }
  }
  return group(...out);
}

/** A hipped roof and the top of its wall, seen from above street level. */
function roofBlock(x: number, y: number, w: number, kind: "tiles" | "slate", chimney: boolean) {
  const roof = kind === "tiles" ? tone.terracotta : mix(palette.slate, palette.paper, 0.3);
  const h = w * 0.32;
  return group(
    rect(x + w * 0.05, y + h * 0.9, w * 0.9, w * 0.6, { fill: tone.stucco, ...ink(1.1) }),
    path(`M${x} ${y + h}L${x + w * 0.25} ${y}H${x + w * 0.75}L${x + w} ${y + h}Z`, {
      fill: roof,
      ...ink(1.1),
    }),
    repeat(3, (k) =>
      line(
        x + w * (0.1 + k * 0.02),
        y + h * (0.35 + k * 0.22),
        x + w * (0.9 - k * 0.02),
        y + h * (0.35 + k * 0.22),
        ink(0.8, darken(roof, 0.2)),
      ),
    ),
    chimney ? rect(x + w * 0.62, y - h * 0.35, w * 0.08, h * 0.5, { fill: palette.brick, ...ink(1) }) : "",
  );
}
