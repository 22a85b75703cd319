// Inside the building and the village: office floors, a gallery room, a café
// counter, plus the two sample-profile avatars.
import { place } from "../lib/architecture.ts";
import {
  books,
  desk,
  deskLamp,
  framedArt,
  laptop,
  monitor,
  officeChair,
  pot,
  roundTable,
  shelves,
  sofa,
  table,
  vase,
  woodChair,
} from "../lib/furnishings.ts";
import { cup, mug, pottedPlant, steam } from "../lib/furniture.ts";
import { fill } from "../lib/patterns.ts";
import type { Camera, P3 } from "../lib/perspective.ts";
import {
  type Box,
  makeRoom,
  onBackWall,
  outsideView,
  pendant,
  type Room,
  roomShell,
  sideWindow,
  stand,
  sunPatch,
  windowsWithView,
} from "../lib/rooms.ts";
import { clipTo, SCENE_W, shadow } from "../lib/scenery.ts";
import {
  circle,
  darken,
  ellipse,
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
  translate,
} from "../lib/svg.ts";

// ---------------------------------------------------------------- helpers

/** A pendant hanging from the ceiling at world (x, z), its shade at height y. */
function hangLight(r: Room, x: number, z: number, y = 2.6, color: string = palette.green) {
  const [sx, top] = r.cam.at([x, r.h, z]);
  const [, low] = r.cam.at([x, y, z]);
  return pendant(sx, top, low, 20 * r.cam.cm(z), color);
}

/** A shadow on the floor at world (x, z) under something w centimetres wide. */
function floorShadow(cam: Camera, x: number, z: number, w: number) {
  const [sx, sy] = cam.at([x, 0, z]);
  return shadow(sx, sy, w * cam.cm(z));
}

/** A desk with its chair behind it and things on top. */
function workstation(cam: Camera, x: number, z: number, seed: string, kind: "monitor" | "laptop") {
  const things =
    kind === "monitor"
      ? group(
          translate(-22, -82, monitor(54)),
          translate(38, -82, deskLamp()),
          translate(-60, -82, books(12, seed, 22)),
        )
      : group(
          translate(-10, -82, laptop(34)),
          translate(30, -82, mug(0, 0, 10)),
          translate(-52, -82, pot(0, 0, 22)),
        );
  return group(
    stand(cam, x + 0.2, z + 0.55, officeChair(kind === "monitor" ? palette.green : palette.sage)),
    floorShadow(cam, x, z + 0.1, 150),
    stand(cam, x, z, group(desk(150, { drawers: kind === "monitor" }), things)),
  );
}

/** A floor plant standing at world (x, z), h centimetres tall. */
function floorPlant(
  cam: Camera,
  x: number,
  z: number,
  h: number,
  kind: "leafy" | "topiary" | "fern" = "leafy",
) {
  const [sx, sy] = cam.at([x, 0, z]);
  return group(
    shadow(sx, sy, h * 0.45 * cam.cm(z)),
    pottedPlant(sx, sy, h * cam.cm(z), kind, `plant-${x}-${z}`),
  );
}

/** Tall back-wall windows (metres: left edge, sill, width, height) looking out on `kind`. */
function backWindows(
  r: Room,
  xs: readonly number[],
  sill: number,
  w: number,
  h: number,
  kind: "street" | "rooftops",
  seed: string,
) {
  const panes = xs.map((x) => onBackWall(r, x, sill, w, h, "segment"));
  const view = outsideView(panes[0]!.x - 40, panes[0]!.y - 20, 1100, panes[0]!.h + 60, seed, kind);
  return {
    panes,
    drawing: windowsWithView(panes, view, { surround: lighten(palette.stone, 0.3), cols: 2, rows: 4 }),
  };
}

// ---------------------------------------------------------------- office floors

/** Bright open-plan office: tall windows, two rows of desks, pendant lights. */
export function interiorMiddle1() {
  const r = makeRoom();
  const c = r.cam;
  const xs = [-3.4, -0.55, 2.3];
  const win = backWindows(r, xs, 0.55, 1.1, 2.9, "street", "mid1");
  return group(
    roomShell(r, { wall: tone.wall }),
    win.drawing,
    ...xs.map((x) => sunPatch(r, x, x + 1.1, 3.2, 0.9)),
    sideWindow(r, -1, 6.6, 7.6, 0.8, 3.2),
    shelvesAgainstWall(c, 3.85, r.d - 0.25, 100, 150, "mid1"),
    floorPlant(c, -3.9, r.d - 0.5, 150, "fern"),
    ...[-2.1, 0, 2.1].map((x, i) => workstation(c, x, 6.2, `mid1-a${i}`, i === 1 ? "laptop" : "monitor")),
    ...[-1.3, 1.3].map((x, i) => workstation(c, x, 4.4, `mid1-b${i}`, i === 0 ? "monitor" : "laptop")),
    ...[-2.1, 0, 2.1].map((x) => hangLight(r, x, 6.1)),
    floorPlant(c, 3.3, 3.6, 130),
  );
}

function shelvesAgainstWall(cam: Camera, x: number, z: number, w: number, h: number, seed: string) {
  return group(floorShadow(cam, x, z, w), stand(cam, x, z, shelves(w, h, seed)));
}

/** Meeting room: a long table with chairs, a window and a painting. */
export function interiorMiddle2() {
  const r = makeRoom({ w: 7, d: 6, h: 3.6 });
  const c = r.cam;
  const win = backWindows(r, [0.2], 0.7, 1.5, 2.5, "street", "mid2");
  const chairsBehind = [-0.75, 0, 0.75].map((x) => stand(c, x, 4.75, woodChair("front")));
  const onTable = group(
    translate(-70, -84, laptop(32)),
    translate(-20, -84, cup(0, 0, 9)),
    translate(10, -84, waterJug()),
    translate(34, -84, cup(0, 0, 9)),
    translate(80, -84, notepad()),
  );
  return group(
    roomShell(r, { wall: mix(tone.wall, palette.sage, 0.12) }),
    win.drawing,
    sunPatch(r, 0.2, 1.7, 2.4, 0.6),
    framedArt(...artBox(r, -2.8, 1.2, 1.6, 1.1), "meeting-art"),
    stand(c, -2, r.d - 0.3, sideboard(150)),
    stand(c, -2.35, r.d - 0.3, vase(0, -80, 30)),
    stand(c, -1.6, r.d - 0.3, translate(0, -80, books(30, "mid2-sb", 20))),
    ...chairsBehind,
    stand(c, -1.65, 4.2, woodChair("side")),
    stand(c, 1.65, 4.2, g({ transform: "scale(-1 1)" }, woodChair("side"))),
    floorShadow(c, 0, 4.25, 260),
    stand(c, 0, 4.2, group(table(260), onTable)),
    hangLight(r, -0.6, 4.3, 2.3, palette.sage),
    hangLight(r, 0.6, 4.3, 2.3, palette.sage),
    floorPlant(c, 2.6, 4.6, 140, "leafy"),
  );
}

/** Screen box of a picture on the back wall: [x, y, w, h]. */
function artBox(r: Room, x: number, y: number, w: number, h: number): [number, number, number, number] {
  const b = onBackWall(r, x, y, w, h);
  return [b.x, b.y, b.w, b.h];
}

function sideboard(w: number) {
  const x = -w / 2;
  return group(
    rect(x + 6, -12, 4, 12, { fill: tone.wood }),
    rect(-x - 10, -12, 4, 12, { fill: tone.wood }),
    rect(x, -78, w, 66, { fill: tone.wood, ...ink(0.8) }),
    repeat(3, (k) =>
      rect(x + 4 + k * ((w - 8) / 3), -74, (w - 8) / 3 - 3, 58, {
        fill: lighten(tone.wood, 0.12),
        ...ink(0.6),
      }),
    ),
    repeat(3, (k) => circle(x + 4 + (k + 0.5) * ((w - 8) / 3), -48, 1.6, { fill: palette.sand })),
    rect(x - 2, -80, w + 4, 3, { fill: darken(tone.wood, 0.1), ...ink(0.6) }),
  );
}

function waterJug() {
  return group(
    path("M-6 -26H6L8 -2Q0 1 -8 -2Z", { fill: lighten(tone.glass, 0.35), ...ink(0.6) }),
    rect(-7, -14, 14, 10, { fill: tone.glass, "fill-opacity": 0.6 }),
  );
}

function notepad() {
  return group(
    polygon(
      [
        [-14, 0],
        [16, 0],
        [12, -4],
        [-10, -4],
      ],
      { fill: tone.white, ...ink(0.5) },
    ),
    line(-6, -2, 6, -2, ink(0.6, palette.sage)),
  );
}

/** Kitchenette and breakout nook: a bench with shelves, a sofa and a café table. */
export function interiorMiddle3() {
  const r = makeRoom({ w: 7.6, d: 6.4, h: 3.6 });
  const c = r.cam;
  const kitchenZ = r.d - 0.32;
  const splash = onBackWall(r, -3.8, 0.9, 4.2, 0.7);
  const shelfY = [1.75, 2.2].map((y) => onBackWall(r, -3.6, y, 3.6, 0.05));
  const win = backWindows(r, [1.45], 0.9, 1.4, 2.2, "street", "mid3");
  return group(
    roomShell(r, { wall: mix(tone.wall, palette.sand, 0.12) }),
    rect(splash.x, splash.y, splash.w, splash.h, { fill: fill("tilesWall"), ...ink(1) }),
    ...shelfY.map((b, i) => wallShelf(b, i)),
    win.drawing,
    sunPatch(r, 1.45, 2.85, 2.4, 0.5),
    stand(c, -1.7, kitchenZ, kitchenBench(420)),
    floorShadow(c, 2.1, r.d - 0.6, 200),
    stand(c, 2.1, r.d - 0.55, sofa(200, palette.sage)),
    floorPlant(c, 3.35, r.d - 0.6, 120, "leafy"),
    floorShadow(c, -0.4, 4.0, 90),
    stand(c, -1.05, 4.25, woodChair("side")),
    stand(c, 0.25, 4.25, g({ transform: "scale(-1 1)" }, woodChair("side"))),
    stand(
      c,
      -0.4,
      4.0,
      group(
        roundTable(72),
        translate(-12, -78, cup(0, 0, 9)),
        translate(14, -78, mug(0, 0, 10, palette.brick)),
      ),
    ),
    hangLight(r, -0.4, 4.0, 2.2, palette.brick),
  );
}

/** A floating timber shelf (screen box) with cups, jars and a plant on it. */
function wallShelf(b: Box, i: number) {
  const s = b.w / 360;
  const y = b.y;
  const items =
    i === 0
      ? repeat(5, (k) => cup(b.x + (40 + k * 34) * s, y, 13 * s, k % 2 ? tone.white : palette.stone)) +
        repeat(3, (k) => jar(b.x + (240 + k * 30) * s, y, 22 * s))
      : pottedPlant(b.x + 50 * s, y, 42 * s, "fern", "shelf-fern") +
        repeat(4, (k) =>
          rect(b.x + (120 + k * 12) * s, y - 26 * s, 10 * s, 26 * s, {
            fill: [palette.green, palette.sand, palette.brick, palette.sage][k],
            ...ink(1),
          }),
        ) +
        vase(b.x + 300 * s, y, 30 * s, palette.sand);
  return group(items, rect(b.x, y, b.w, 7 * s, { fill: tone.wood, ...ink(1.2) }));
}

function jar(x: number, y: number, h: number) {
  return group(
    rect(x - h * 0.35, y - h, h * 0.7, h, { rx: h * 0.12, fill: lighten(tone.glass, 0.4), ...ink(1) }),
    rect(x - h * 0.33, y - h * 0.6, h * 0.66, h * 0.58, { fill: tone.wood, "fill-opacity": 0.7 }),
    rect(x - h * 0.38, y - h * 1.1, h * 0.76, h * 0.16, { fill: palette.slate }),
  );
}

/** Base cabinets with a stone bench, a sink, kettle and fruit; w centimetres. */
function kitchenBench(w: number) {
  const x = -w / 2;
  const n = Math.round(w / 60);
  const dw = w / n;
  return group(
    rect(x, -8, w, 8, { fill: darken(palette.green, 0.2) }),
    rect(x, -88, w, 80, { fill: palette.green, ...ink(0.8) }),
    repeat(n, (k) =>
      group(
        rect(x + k * dw + 2, -84, dw - 4, 72, { fill: mix(palette.green, palette.sage, 0.35), ...ink(0.6) }),
        rect(x + k * dw + dw / 2 - 6, -78, 12, 1.8, { fill: palette.sand }),
      ),
    ),
    rect(x - 2, -92, w + 4, 5, { fill: palette.stone, ...ink(0.8) }),
    // sink and tap
    rect(x + w * 0.55, -93, 60, 3, { fill: tone.chrome, ...ink(0.6) }),
    path(`M${x + w * 0.55 + 30} -92V-116Q${x + w * 0.55 + 30} -122 ${x + w * 0.55 + 22} -122V-114`, {
      fill: "none",
      ...ink(2.2, tone.chrome),
    }),
    // kettle
    path(`M${x + 60} -92h24l-3 -20q-9 -6 -18 0Z`, { fill: palette.slate, ...ink(0.6) }),
    path(`M${x + 84} -106q8 2 6 12`, { fill: "none", ...ink(1.6, palette.slate) }),
    // fruit bowl
    circle(x + w * 0.35 - 6, -98, 5, { fill: palette.sand, ...ink(0.5) }),
    circle(x + w * 0.35 + 4, -99, 5, { fill: tone.terracotta, ...ink(0.5) }),
    path(`M${x + w * 0.35 - 16} -96h32q-4 8 -16 8t-16 -8Z`, { fill: tone.white, ...ink(0.6) }),
    // coffee plunger
    rect(x + w * 0.85 - 6, -114, 12, 22, { fill: lighten(tone.glass, 0.3), ...ink(0.6) }),
    rect(x + w * 0.85 - 5, -106, 10, 13, { fill: tone.wood }),
    line(x + w * 0.85, -114, x + w * 0.85, -120, ink(1.2, palette.slate)),
  );
}

/** Top floor: offices under a raked timber ceiling with skylights. */
export function interiorTop1() {
  const r = makeRoom({ w: 9, h: 2.5, d: 9 });
  const c = r.cam;
  const ridge = 4.7;
  const hw = r.w / 2;
  const slope = (u: number, z: number, side: -1 | 1): P3 => [side * hw * (1 - u), r.h + (ridge - r.h) * u, z];
  const plane = (
    side: -1 | 1,
    u0: number,
    u1: number,
    z0: number,
    z1: number,
    a: Record<string, string | number>,
  ) => c.face([slope(u0, z0, side), slope(u1, z0, side), slope(u1, z1, side), slope(u0, z1, side)], a);
  const skylight = (side: -1 | 1, z0: number) =>
    group(
      plane(side, 0.3, 0.72, z0, z0 + 1.3, { fill: tone.white, ...ink(1.2) }),
      plane(side, 0.34, 0.68, z0 + 0.1, z0 + 1.2, { fill: mix(tone.glass, palette.paper, 0.45), ...ink(1) }),
      plane(side, 0.34, 0.45, z0 + 0.1, z0 + 1.2, { fill: palette.paper, "fill-opacity": 0.5 }),
    );
  const rafter = (z: number) =>
    group(
      c.edge(slope(0, z, -1), slope(1, z, -1), ink(Math.max(3, 14 * c.cm(z)), tone.wood)),
      c.edge(slope(0, z, 1), slope(1, z, 1), ink(Math.max(3, 14 * c.cm(z)), tone.wood)),
    );
  const gableWin = onBackWall(r, -0.55, 0.9, 1.1, 3.2, "arch");
  const ceiling = lighten(palette.stone, 0.35);
  return group(
    roomShell(r, { wall: tone.wall, noCeiling: true }),
    plane(-1, 0, 1, r.near, r.d, { fill: ceiling }),
    plane(1, 0, 1, r.near, r.d, { fill: darken(ceiling, 0.06) }),
    c.face([slope(0, r.d, -1), slope(1, r.d, -1), slope(0, r.d, 1)], { fill: tone.wall }),
    ...[4.3, 6.6].flatMap((z) => [skylight(-1, z), skylight(1, z)]),
    ...[3.6, 5.95, 8.25].map(rafter),
    c.edge(slope(1, r.near, 1), slope(1, r.d, 1), ink(Math.max(3, 10 * c.cm(5)), darken(tone.wood, 0.15))),
    c.edge(slope(0, r.d, -1), slope(1, r.d, -1), ink(1.2, mix(palette.slate, palette.paper, 0.35))),
    c.edge(slope(0, r.d, 1), slope(1, r.d, 1), ink(1.2, mix(palette.slate, palette.paper, 0.35))),
    windowsWithView(
      [gableWin],
      outsideView(gableWin.x - 200, gableWin.y, 500, gableWin.h, "top1", "rooftops"),
      {
        cols: 2,
        rows: 4,
        surround: lighten(palette.stone, 0.3),
      },
    ),
    ...[4.3, 6.6].flatMap((z) => [skyPatch(r, -2.6, z), skyPatch(r, 1.6, z)]),
    sunPatch(r, -0.55, 0.55, 2.2, 0.4),
    shelvesAgainstWall(c, -3.1, r.d - 0.25, 120, 110, "top1-s"),
    floorPlant(c, 3.2, r.d - 0.5, 130, "fern"),
    ...[-1.6, 1.6].map((x, i) => workstation(c, x, 6.6, `top1-a${i}`, i ? "laptop" : "monitor")),
    workstation(c, 0, 4.6, "top1-b", "monitor"),
    floorPlant(c, -2.5, 4.4, 120, "topiary"),
  );
}

/** Daylight from a skylight landing on the floor. */
function skyPatch(r: Room, x: number, z: number) {
  return r.cam.face(
    [
      [x, 0, z + 1.4],
      [x + 1, 0, z + 1.4],
      [x + 1.1, 0, z - 0.2],
      [x + 0.1, 0, z - 0.2],
    ],
    { fill: palette.paper, "fill-opacity": 0.3 },
  );
}

/** Corner office: windows on two walls over rooftops and trees, a desk and a small meeting table. */
export function interiorTop2() {
  const r = makeRoom({ w: 6, d: 5.6, h: 3.4, cx: 440 });
  const c = r.cam;
  const hw = r.w / 2;
  const panes = [-2.2, -0.2, 1.4].map((x) => onBackWall(r, x, 0.75, 1.3, 2.2));
  const sideQuad = (z0: number, z1: number, y0: number, y1: number): P3[] => [
    [hw, y0, z0],
    [hw, y1, z0],
    [hw, y1, z1],
    [hw, y0, z1],
  ];
  const sideOutline = (z0: number, z1: number) =>
    `M${sideQuad(z0, z1, 0.8, 2.95)
      .map((p) => c.at(p).join(" "))
      .join("L")}Z`;
  const sidePanes = [
    [1.6, 2.9],
    [3.2, 4.3],
    [4.55, 5.45],
  ] as const;
  return group(
    roomShell(r, { wall: tone.wall }),
    windowsWithView(panes, outsideView(0, 80, 900, 420, "top2", "rooftops"), { cols: 2, rows: 3 }),
    ...sidePanes.map(([z0, z1]) =>
      c.face(sideQuad(z0 - 0.06, z1 + 0.06, 0.74, 3.0), { fill: tone.white, ...ink(1.2) }),
    ),
    clipTo(
      sidePanes.map(([z0, z1]) => sideOutline(z0, z1)).join(""),
      outsideView(860, -150, 420, 900, "top2-side", "rooftops"),
    ),
    ...sidePanes.map(([z0, z1]) =>
      group(
        c.face(sideQuad(z0, z1, 0.8, 2.95), { fill: palette.paper, "fill-opacity": 0.15, ...ink(1) }),
        c.edge([hw, 0.8, (z0 + z1) / 2], [hw, 2.95, (z0 + z1) / 2], ink(3, tone.white)),
      ),
    ),
    ...panes.map((p) => sunPatchScreen(r, p)),
    stand(c, -2.2, r.d - 0.3, shelves(110, 160, "top2-s")),
    floorShadow(c, 1.6, 3.6, 100),
    stand(c, 1.25, 3.75, woodChair("side", palette.slate)),
    stand(c, 1.95, 3.75, g({ transform: "scale(-1 1)" }, woodChair("side", palette.slate))),
    stand(
      c,
      1.6,
      3.6,
      group(
        roundTable(80, palette.stone),
        translate(-10, -78, cup(0, 0, 9)),
        translate(12, -78, cup(0, 0, 9)),
      ),
    ),
    stand(c, -0.6, 4.35, officeChair(palette.slate)),
    floorShadow(c, -0.8, 3.9, 170),
    stand(
      c,
      -0.8,
      3.85,
      group(
        desk(170, { top: tone.wood, frame: darken(tone.wood, 0.3), drawers: true }),
        translate(-20, -82, laptop(34)),
        translate(-64, -82, deskLamp(palette.brick)),
        translate(30, -82, books(22, "top2-d", 18)),
      ),
    ),
    floorPlant(c, -2.5, 3.4, 130, "fern"),
    hangLight(r, -0.8, 3.9, 2.45, palette.sand),
  );
}

/** Sun through a back-wall window box, as a patch on the floor. */
function sunPatchScreen(r: Room, b: Box) {
  const s = r.cam.scale(r.d);
  const [cx] = r.cam.at([0, 0, r.d]);
  const x0 = (b.x - cx) / s;
  return sunPatch(r, x0, x0 + b.w / s, 2, 0.5);
}

/** An empty office, freshly painted and ready for a tenant. */
export function officeSpace() {
  const r = makeRoom();
  const c = r.cam;
  const xs = [-3.4, -0.55, 2.3];
  const win = backWindows(r, xs, 0.55, 1.1, 2.9, "street", "empty");
  return group(
    roomShell(r, { wall: tone.wall }),
    win.drawing,
    ...xs.map((x) => sunPatch(r, x, x + 1.1, 4.6, 1.3)),
    sideWindow(r, 1, 6.6, 7.6, 0.8, 3.2),
    sideWindow(r, -1, 6.6, 7.6, 0.8, 3.2),
    ...[-2.3, 0, 2.3].map((x) => hangLight(r, x, 5.4, 3.0, palette.paper)),
    floorPlant(c, 3.7, r.d - 0.6, 150, "fern"),
    floorPlant(c, -3.8, 5.8, 110, "topiary"),
  );
}

// ---------------------------------------------------------------- gallery

/** A white-walled gallery room: framed abstract works, a bench and a plinth. */
export function artGallery() {
  const r = makeRoom({ w: 8, d: 6.5, h: 3.8 });
  const c = r.cam;
  const works: [number, number, number, number][] = [
    [-3.3, 1.15, 1.3, 1.0],
    [-1.2, 0.9, 1.8, 1.5],
    [1.3, 1.2, 0.9, 1.2],
    [2.6, 1.4, 0.8, 0.6],
  ];
  const spot = (x: number) => {
    const [sx, sy] = c.at([x, r.h - 0.15, r.d - 0.8]);
    return group(
      line(sx, sy - 6, sx, sy + 6, ink(1.4)),
      polygon(
        [
          [sx - 5, sy + 4],
          [sx + 5, sy + 4],
          [sx + 9, sy + 18],
          [sx - 1, sy + 20],
        ],
        { fill: palette.slate },
      ),
    );
  };
  /** A soft fan of light from a spotlight down over a work. */
  const wash = (x: number, w: number) => {
    const [sx, sy] = c.at([x + w / 2, r.h - 0.2, r.d]);
    const b = onBackWall(r, x - 0.25, 0.55, w + 0.5, 0.1);
    return path(
      `M${sx - 8} ${sy}L${b.x} ${b.y}Q${sx} ${b.y + b.w * 0.22} ${b.x + b.w} ${b.y}L${sx + 8} ${sy}Z`,
      {
        fill: tone.white,
        "fill-opacity": 0.8,
      },
    );
  };
  return group(
    roomShell(r, {
      wall: mix(tone.white, palette.stone, 0.22),
      side: mix(tone.white, palette.stone, 0.4),
      floor: "concrete",
      ceiling: tone.white,
    }),
    ...works.map(([x, , w]) => wash(x, w)),
    c.edge([-r.w / 2, r.h - 0.15, r.d - 0.8], [r.w / 2, r.h - 0.15, r.d - 0.8], ink(2, palette.slate)),
    ...works.map(([x, , w]) => spot(x + w / 2)),
    ...works.map(([x, y, w, h], i) =>
      framedArt(...artBox(r, x, y, w, h), `gallery-work-${i}`, i % 2 ? palette.slate : tone.white),
    ),
    floorShadow(c, -0.3, 4.2, 170),
    stand(c, -0.3, 4.2, galleryBench(170)),
    floorShadow(c, 2.6, 4.8, 50),
    stand(c, 2.6, 4.8, plinth()),
  );
}

function galleryBench(w: number) {
  const x = -w / 2;
  return group(
    rect(x + 12, -40, 10, 40, { fill: tone.wood, ...ink(0.8) }),
    rect(-x - 22, -40, 10, 40, { fill: tone.wood, ...ink(0.8) }),
    rect(x, -50, w, 10, { fill: lighten(tone.wood, 0.25), ...ink(0.8) }),
    rect(x, -44, w, 5, { fill: tone.wood, ...ink(0.6) }),
  );
}

function plinth() {
  return group(
    rect(-22, -95, 44, 95, { fill: tone.white, ...ink(0.8) }),
    rect(-22, -95, 10, 95, { fill: mix(tone.white, palette.stone, 0.5) }),
    ellipse(0, -103, 14, 8, { fill: palette.sand, ...ink(0.7) }),
    ellipse(3, -117, 10, 7, { fill: palette.sage, ...ink(0.7) }),
    circle(-1, -129, 6, { fill: palette.brick, ...ink(0.7) }),
  );
}

// ---------------------------------------------------------------- café counter

/** A chrome lever espresso machine on a café counter with cups. */
export function coffeeMachine() {
  const counterY = 560;
  const cx = 600;
  return group(
    rect(0, 0, SCENE_W, counterY, { fill: tone.white }),
    g({ transform: "scale(1.6)" }, rect(0, 0, SCENE_W / 1.6, counterY / 1.6, { fill: fill("tilesWall") })),
    rect(0, 120, SCENE_W, 12, { fill: tone.wood, ...ink(1.4) }),
    repeat(6, (k) => cup(120 + k * 60, 120, 34, k % 3 === 2 ? palette.stone : tone.white)),
    ...[860, 930, 1000, 1070].map((x, k) => jar(x, 120, 60 + (k % 2) * 10)),
    pottedPlant(1170, 120, 90, "fern", "cafe-fern"),
    rect(0, counterY, SCENE_W, 24, { fill: palette.stone, ...ink(1.6) }),
    rect(0, counterY + 24, SCENE_W, 750 - counterY - 24, { fill: palette.green }),
    repeat(9, (k) =>
      line(70 + k * 140, counterY + 30, 70 + k * 140, 750, ink(2, darken(palette.green, 0.2))),
    ),
    rect(0, counterY + 24, SCENE_W, 750, { fill: fill("hatchLight") }),
    shadow(cx, counterY + 2, 560, 0.18),
    espresso(cx, counterY),
    grinder(1040, counterY),
    cup(200, counterY, 56),
    steam(200, counterY - 70, 40),
    cup(95, counterY, 56, palette.stone),
    milkJug(285, counterY),
  );
}

/** The espresso machine: enamelled body, chrome trim, two lever groups, a gauge and a steam wand. */
function espresso(cx: number, base: number) {
  const w = 520;
  const x = cx - w / 2;
  const top = base - 250;
  const body = mix(palette.sage, palette.green, 0.35);
  const chrome = tone.chrome;
  const hi = {
    stroke: palette.paper,
    "stroke-width": 6,
    "stroke-opacity": 0.55,
    "stroke-linecap": "round" as const,
  };
  const group1 = (gx: number) =>
    group(
      // lever, raised
      path(`M${gx} ${top + 40}L${gx + 40} ${top - 150}`, { fill: "none", ...ink(10, darken(chrome, 0.25)) }),
      path(`M${gx} ${top + 40}L${gx + 40} ${top - 150}`, { fill: "none", ...ink(6, chrome) }),
      ellipse(gx + 42, top - 158, 14, 18, { fill: palette.slate, ...ink(1.6) }),
      // cylinder
      rect(gx - 26, top + 10, 52, 80, { rx: 6, fill: chrome, ...ink(1.8) }),
      line(gx - 14, top + 18, gx - 14, top + 82, hi),
      rect(gx - 34, top + 88, 68, 14, { rx: 4, fill: darken(chrome, 0.15), ...ink(1.6) }),
      // portafilter and handle
      rect(gx - 28, top + 102, 56, 18, { rx: 5, fill: chrome, ...ink(1.6) }),
      path(`M${gx + 24} ${top + 110}L${gx + 90} ${top + 118}`, { fill: "none", ...ink(12, palette.slate) }),
      rect(gx - 8, top + 120, 16, 10, { fill: darken(chrome, 0.2), ...ink(1.2) }),
      // the cup under it
      cup(gx, base - 36, 40),
    );
  return group(
    // cup warmer tray and rail on top
    rect(x + 20, top - 18, w - 40, 18, { fill: chrome, ...ink(1.8) }),
    repeat(6, (k) =>
      line(x + 30 + k * ((w - 60) / 5), top - 18, x + 30 + k * ((w - 60) / 5), top - 42, ink(3, chrome)),
    ),
    line(x + 26, top - 42, x + w - 26, top - 42, ink(4, chrome)),
    cup(x + 120, top - 18, 30),
    cup(x + 170, top - 18, 30),
    cup(x + w - 150, top - 18, 30, palette.stone),
    // body
    rect(x, top, w, 200, { rx: 14, fill: body, ...ink(2) }),
    line(x + 14, top + 150, x + w - 14, top + 150, ink(3, chrome)),
    rect(x - 6, top + 190, w + 12, 26, { rx: 6, fill: chrome, ...ink(1.8) }),
    line(x + 10, top + 197, x + w - 10, top + 197, hi),
    rect(x + 12, top + 8, w - 24, 16, { rx: 6, fill: chrome, ...ink(1.4) }),
    // drip tray
    rect(x + 20, base - 36, w - 40, 30, { rx: 4, fill: darken(chrome, 0.1), ...ink(1.6) }),
    repeat(24, (k) =>
      line(
        x + 34 + k * ((w - 68) / 23),
        base - 30,
        x + 34 + k * ((w - 68) / 23),
        base - 12,
        ink(1.4, darken(chrome, 0.35)),
      ),
    ),
    rect(x + 30, base - 6, 30, 6, { fill: palette.slate }),
    rect(x + w - 60, base - 6, 30, 6, { fill: palette.slate }),
    // gauge (no numbers)
    circle(cx, top + 80, 30, { fill: chrome, ...ink(1.8) }),
    circle(cx, top + 80, 23, { fill: tone.white, ...ink(1.2) }),
    path(`M${cx - 16} ${top + 90}A18 18 0 0 1 ${cx + 16} ${top + 90}`, {
      fill: "none",
      ...ink(3, palette.sage),
    }),
    line(cx, top + 80, cx + 10, top + 66, ink(2, palette.brick)),
    // steam wand and its knob
    circle(x + 40, top + 70, 11, { fill: palette.slate, ...ink(1.4) }),
    path(`M${x + 40} ${top + 82}V${top + 150}Q${x + 40} ${top + 175} ${x + 58} ${top + 190}`, {
      fill: "none",
      ...ink(7, chrome),
    }),
    circle(x + w - 40, top + 70, 11, { fill: palette.slate, ...ink(1.4) }),
    path(`M${x + w - 40} ${top + 82}V${top + 160}`, { fill: "none", ...ink(7, chrome) }),
    group1(cx - 130),
    group1(cx + 130),
  );
}

function grinder(x: number, base: number) {
  return group(
    shadow(x, base + 2, 130, 0.16),
    rect(x - 45, base - 18, 90, 18, { rx: 4, fill: tone.chrome, ...ink(1.6) }),
    rect(x - 32, base - 170, 64, 152, { rx: 10, fill: palette.slate, ...ink(1.6) }),
    rect(x - 20, base - 90, 40, 26, { rx: 3, fill: darken(palette.slate, 0.3) }),
    path(`M${x - 40} ${base - 300}H${x + 40}L${x + 22} ${base - 170}H${x - 22}Z`, {
      fill: lighten(tone.glass, 0.35),
      ...ink(1.6),
    }),
    path(`M${x - 30} ${base - 240}H${x + 30}L${x + 22} ${base - 172}H${x - 22}Z`, {
      fill: darken(tone.wood, 0.45),
    }),
    repeat(8, (k) =>
      ellipse(x - 22 + (k % 4) * 14, base - 230 + Math.floor(k / 4) * 14, 4, 2.6, {
        fill: darken(tone.wood, 0.2),
      }),
    ),
    rect(x - 44, base - 312, 88, 14, { rx: 6, fill: palette.slate, ...ink(1.4) }),
  );
}

function milkJug(x: number, base: number) {
  return group(
    path(
      `M${x - 26} ${base}L${x - 22} ${base - 62}L${x + 22} ${base - 62}L${x + 34} ${base - 70}L${x + 28} ${base - 50}L${x + 26} ${base}Z`,
      {
        fill: tone.chrome,
        ...ink(1.6),
      },
    ),
    path(`M${x - 24} ${base - 48}q-22 8 -2 34`, { fill: "none", ...ink(5, tone.chrome) }),
    line(x - 12, base - 54, x - 14, base - 10, {
      stroke: palette.paper,
      "stroke-width": 5,
      "stroke-opacity": 0.55,
      "stroke-linecap": "round",
    }),
  );
}

// ---------------------------------------------------------------- profiles

interface Bust {
  cx: number;
  /** y of the shoulder line. */
  y: number;
  clothes: string;
  hair: string;
  style: "short" | "bun";
}

/** A faceless head and shoulders. */
function bust(b: Bust) {
  const { cx, y } = b;
  const head = y - 95;
  const hairInk = ink(1.6);
  const cap = `M${cx - 58} ${head + 6}Q${cx - 64} ${head - 64} ${cx + 2} ${head - 62}Q${cx + 64} ${head - 60} ${cx + 58} ${head + 4}`;
  const hair =
    b.style === "bun"
      ? group(
          circle(cx + 6, head - 66, 25, { fill: b.hair, ...hairInk }),
          path(
            `${cap}Q${cx + 40} ${head - 34} ${cx} ${head - 36}Q${cx - 40} ${head - 34} ${cx - 58} ${head + 6}Z`,
            { fill: b.hair, ...hairInk },
          ),
        )
      : path(
          `${cap}Q${cx + 48} ${head - 26} ${cx + 16} ${head - 30}Q${cx - 22} ${head - 20} ${cx - 40} ${head - 32}Q${cx - 52} ${head - 14} ${cx - 58} ${head + 6}Z`,
          {
            fill: b.hair,
            ...hairInk,
          },
        );
  return group(
    path(
      `M${cx - 150} ${y + 220}Q${cx - 148} ${y + 8} ${cx - 60} ${y - 6}H${cx + 60}Q${cx + 148} ${y + 8} ${cx + 150} ${y + 220}Z`,
      {
        fill: b.clothes,
        ...ink(1.8),
      },
    ),
    rect(cx - 22, y - 44, 44, 46, { fill: mix(tone.skin, tone.skinDark, 0.45), ...ink(1.6) }),
    path(`M${cx - 34} ${y - 6}L${cx} ${y + 40}L${cx + 34} ${y - 6}`, { fill: tone.white, ...ink(1.6) }),
    circle(cx, head, 58, { fill: tone.skin, ...ink(1.8) }),
    ellipse(cx - 57, head + 6, 7, 12, { fill: tone.skin, ...ink(1.4) }),
    ellipse(cx + 57, head + 6, 7, 12, { fill: tone.skin, ...ink(1.4) }),
    hair,
  );
}

/** A sleeve along path d: a thick stroke with an ink outline. */
function sleeve(d: string, w: number, color: string) {
  return path(d, { fill: "none", ...ink(w + 3.6) }) + path(d, { fill: "none", ...ink(w, color) });
}

const hand = (x: number, y: number, rot = 0) =>
  ellipse(x, y, 17, 13, { fill: tone.skin, ...ink(1.6), transform: `rotate(${rot} ${x} ${y})` });

/** The round backdrop of the avatars, and its outline for clipping. */
const disc = "M38 300A262 262 0 0 0 562 300A262 262 0 0 0 38 300Z";
const medallion = (color: string) => path(disc, { fill: color });

/** Sample profile: a developer at a laptop. */
export function profileDeveloper() {
  const deskY = 462;
  const jumper = palette.green;
  return group(
    medallion(mix(palette.sage, palette.paper, 0.72)),
    clipTo(
      disc,
      bust({ cx: 300, y: 330, clothes: jumper, hair: darken(palette.slate, 0.3), style: "short" }),
      sleeve("M186 420Q196 452 236 456", 34, darken(jumper, 0.12)),
      sleeve("M414 420Q404 452 364 456", 34, darken(jumper, 0.12)),
      rect(0, deskY, 600, 200, { fill: tone.wood, ...ink(1.8) }),
      rect(0, deskY, 600, 12, { fill: lighten(tone.wood, 0.3), ...ink(1.4) }),
    ),
    place(300, deskY + 6, laptop(36, tone.chrome), 5),
    hand(226, deskY + 2, -10),
    hand(374, deskY + 2, 10),
    pottedPlant(118, deskY + 6, 120, "leafy", "dev-plant"),
    mug(482, deskY + 6, 44, palette.brick),
    steam(482, deskY - 44, 32),
  );
}

/** Sample profile: an agent holding a folder, a house outline behind. */
export function profileAgent() {
  const outline = ink(5, palette.sage);
  const jacket = palette.slate;
  const house = group(
    path("M110 480V250L300 110L490 250V480", { fill: mix(palette.stone, palette.paper, 0.5), ...outline }),
    path("M400 180V120H440V210", { fill: "none", ...outline }),
    ...[140, 390].map((x) =>
      group(
        rect(x, 300, 70, 90, { fill: "none", ...ink(4, palette.sage) }),
        path(`M${x} 345H${x + 70}M${x + 35} 300V390`, { fill: "none", ...ink(3, palette.sage) }),
      ),
    ),
    path("M270 230a30 30 0 0 1 60 0", { fill: "none", ...ink(4, palette.sage) }),
  );
  return group(
    medallion(mix(palette.sand, palette.paper, 0.62)),
    house,
    clipTo(
      disc,
      bust({ cx: 300, y: 360, clothes: jacket, hair: mix(palette.brick, palette.slate, 0.5), style: "bun" }),
      sleeve("M176 430Q180 500 222 488", 38, darken(jacket, 0.18)),
      sleeve("M424 430Q420 500 378 482", 38, darken(jacket, 0.18)),
      g(
        { transform: "rotate(-5 300 470)" },
        rect(216, 400, 168, 124, { rx: 6, fill: palette.green, ...ink(1.8) }),
        rect(226, 392, 146, 10, { rx: 3, fill: tone.white, ...ink(1.2) }),
        rect(236, 386, 120, 8, { rx: 2, fill: palette.stone, ...ink(1) }),
        rect(306, 446, 50, 8, { rx: 3, fill: palette.sand }),
      ),
      hand(222, 478, 70),
      hand(380, 468, -70),
    ),
  );
}

export const interiorScenes = {
  interiorMiddle1,
  interiorMiddle2,
  interiorMiddle3,
  interiorTop1,
  interiorTop2,
  officeSpace,
  artGallery,
  coffeeMachine,
  profileDeveloper,
  profileAgent,
};
