// Outdoor scenes: the Moncur Street building and the village around it.
import {
  type AwningOpts,
  awning,
  brassPlate,
  building,
  chimney,
  column,
  cornice,
  door,
  fence,
  ironLace,
  laceFrieze,
  opening,
  place,
  type ShopOpts,
  shopfront,
  terrace,
  windowAt,
} from "../lib/architecture.ts";
import { books, roundTable, woodChair } from "../lib/furnishings.ts";
import { bench, crate, cup, lampPost, planterBox, pottedPlant } from "../lib/furniture.ts";
import { cloud, hedge, palm, ridge, sky, street, tree } from "../lib/nature.ts";
import { fill } from "../lib/patterns.ts";
import { camera, type P3 } from "../lib/perspective.ts";
import { random } from "../lib/random.ts";
import { stand } from "../lib/rooms.ts";
import { backdrop, corner, SCENE_H as H, lawn, shadow, SCENE_W as W, water } from "../lib/scenery.ts";
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
  shapeWithHoles,
  tone,
  translate,
} from "../lib/svg.ts";
import { terraceRow } from "./streets.ts";

// ---------------------------------------------------------------- shared pieces

/** One bay of a building's street level: a shopfront (with awning) or the office door. */
interface Bay {
  w: number;
  shop?: ShopOpts;
  awning?: AwningOpts | false;
  /** Draw the office entrance in this colour instead of a shop. */
  door?: string;
}

/** A building's street level, bays laid out left to right from x = 0 (ground at 0). */
function streetLevel(bays: readonly Bay[], storeyH: number) {
  let x = 0;
  return group(
    ...bays.map((b) => {
      const at = x;
      x += b.w;
      return place(at, 0, b.door ? officeDoor(b.w, storeyH, b.door) : shopBay(b, storeyH));
    }),
  );
}

function shopBay(b: Bay, storeyH: number) {
  return group(
    shopfront(b.w, storeyH - 12, b.shop),
    b.awning === false ? "" : awning(-4, -storeyH + 8, b.w + 8, 44, b.awning),
  );
}

/** The office entrance: panelled door with fanlight, a step and a plain brass plate. */
function officeDoor(w: number, storeyH: number, color: string) {
  const dw = Math.min(58, w * 0.55);
  const dx = (w - dw) / 2;
  return group(
    rect(dx - 14, -5, dw + 28, 5, { fill: palette.stone, ...ink(1.2) }),
    door(dx, -storeyH + 26, dw, storeyH - 31, { color, fanlight: "arch", surround: palette.paper }),
    brassPlate(dx + dw + 12, -storeyH * 0.52, 12, 16),
  );
}

const moncurLook = { wall: mix(palette.sand, palette.paper, 0.35), trim: palette.paper } as const;
const MONCUR_W = 480;
const MONCUR_STOREY = 130;

/** The Moncur Street building: three storeys, two shops either side of the office door. */
function moncurBuilding() {
  const shop = (MONCUR_W - 110) / 2;
  return group(
    building({
      w: MONCUR_W,
      storeys: 3,
      storeyH: MONCUR_STOREY,
      ...moncurLook,
      head: "arch",
      parapet: "pediment",
      windows: 5,
    }),
    streetLevel(
      [
        { w: shop, shop: { doorSide: "left" } },
        { w: 110, door: palette.green },
        { w: shop, shop: { doorSide: "right" } },
      ],
      MONCUR_STOREY,
    ),
  );
}

/** The side street elevation of the Moncur Street building, to recede from its corner. */
function moncurSide() {
  return building({
    w: 280,
    storeys: 3,
    storeyH: MONCUR_STOREY,
    wall: mix(palette.sand, palette.slate, 0.16),
    trim: mix(palette.stone, palette.slate, 0.08),
    head: "arch",
    windows: 3,
    shop: { frame: palette.green, awning: { stripes: "stripeGreen" } },
  });
}

/** Footpath, kerb and road across the scene from groundY. */
const road = (groundY: number, markings = false) =>
  street(W, groundY, { footpath: 40, kerb: 9, bottom: H, markings });

const streetTree = (x: number, y: number, h: number, seed: string) => tree(x, y, { height: h, seed });

/** Things shown behind a shop window: `kind` of goods on a shelf and the stall board. */
function windowDisplay(w: number, h: number, kind: "produce" | "books" | "bottles" | "pots", seed: string) {
  const rnd = random(seed);
  const shelfY = -h * 0.48;
  const stallY = -h * 0.2;
  const row = (y: number) => {
    switch (kind) {
      case "books":
        return translate(10, y, g({ transform: "scale(2.2)" }, books((w - 20) / 2.2, `${seed}-${y}`, 12)));
      case "produce":
        return repeat(Math.floor((w - 20) / 14), (i) =>
          circle(16 + i * 14, y - 6, 6.5, {
            fill: rnd.pick([palette.brick, palette.sand, tone.terracotta, palette.sage]),
            ...ink(1),
          }),
        );
      case "bottles":
        return repeat(Math.floor((w - 20) / 16), (i) => {
          const x = 16 + i * 16;
          const c = rnd.pick([palette.green, palette.brick, palette.sand, palette.sage]);
          return path(
            `M${x - 4} ${y}V${y - 18}Q${x - 4} ${y - 24} ${x - 1.5} ${y - 26}V${y - 32}H${x + 1.5}V${y - 26}Q${x + 4} ${y - 24} ${x + 4} ${y - 18}V${y}Z`,
            {
              fill: c,
              ...ink(0.9),
            },
          );
        });
      default:
        return repeat(Math.floor((w - 20) / 30), (i) => {
          const x = 22 + i * 30;
          const s = rnd.range(14, 22);
          return path(
            `M${x - s * 0.35} ${y}Q${x - s * 0.6} ${y - s * 0.6} ${x - s * 0.2} ${y - s}H${x + s * 0.2}Q${x + s * 0.6} ${y - s * 0.6} ${x + s * 0.35} ${y}Z`,
            {
              fill: rnd.pick([palette.sage, palette.sand, palette.stone, tone.terracotta]),
              ...ink(1),
            },
          );
        });
    }
  };
  return group(row(shelfY), rect(6, shelfY, w - 12, 4, { fill: tone.wood }), row(stallY));
}

// ---------------------------------------------------------------- the building

/** Moncur Street: terraces leading to the corner building. */
export function moncurStreet() {
  const ground = 600;
  const s = 0.86;
  const bx = 400;
  return group(
    backdrop(W, ground, { seed: "moncur", sun: [1080, 120] }),
    place(
      960,
      ground - 6,
      group(terrace({ wall: tone.stucco, pediment: "segment" }), place(200, 0, terrace({ wall: "brick" }))),
      0.55,
    ),
    terraceRow(-120, ground, 3, s, 1),
    corner(bx, ground, s, moncurBuilding(), MONCUR_W, moncurSide()),
    road(ground, true),
    pottedPlant(bx + 185 * s - 16, ground + 2, 70, "topiary", "moncur-a"),
    pottedPlant(bx + 295 * s + 16, ground + 2, 70, "topiary", "moncur-b"),
    bench(bx + 20, ground + 30, 80),
    streetTree(150, ground + 20, 330, "moncur-t1"),
    streetTree(1150, ground + 20, 360, "moncur-t2"),
    lampPost(345, ground + 22, 170),
    lampPost(915, ground + 22, 170),
  );
}

/** The building's street front: shops below, two floors of offices above. */
export function buildingFacade() {
  const ground = 660;
  const s = 1.12;
  const x = (W - MONCUR_W * s) / 2;
  const left = building({
    w: 320,
    storeys: 2,
    storeyH: 130,
    wall: "brick",
    trim: palette.stone,
    head: "segment",
    parapet: "flat",
    shop: {
      frame: palette.slate,
      awning: { stripes: "stripeBrick" },
      contents: windowDisplay(320, 118, "books", "facade-l"),
    },
  });
  return group(
    backdrop(W, ground, { seed: "facade", sun: [1150, 90], ridge: 420 }),
    place(x - 320 * s, ground, left, s),
    place(x + MONCUR_W * s, ground, terraceRow(0, 0, 2, 1, 3), s),
    place(x, ground, moncurBuilding(), s),
    road(ground),
    pottedPlant(x + 185 * s - 14, ground + 2, 80, "topiary", "facade-a"),
    pottedPlant(x + 295 * s + 14, ground + 2, 80, "topiary", "facade-b"),
    lampPost(x - 40, ground + 24, 190),
    lampPost(x + MONCUR_W * s + 40, ground + 24, 190),
  );
}

/** Close view of the office entrance: door with fanlight, brass plate, steps and bay trees. */
export function buildingEntrance() {
  const ground = 668;
  const dx = 545;
  const dw = 170;
  const dy = 236;
  const wall = moncurLook.wall;
  return group(
    rect(0, 0, W, ground, { fill: wall }),
    repeat(Math.floor((ground - 140) / 40), (k) =>
      line(0, 150 + k * 40, W, 150 + k * 40, ink(1.4, darken(wall, 0.12))),
    ),
    // first-floor sills and the band under them
    ...[150, 560, 970].map((x) => windowAt(x, -180, 140, 250, { head: "arch", surround: palette.paper })),
    cornice(0, 92, W, palette.paper),
    // ground-floor windows either side of the entrance
    windowAt(70, 250, 200, 300, { head: "segment", surround: palette.paper, bars: "sash" }),
    windowAt(990, 250, 200, 300, { head: "segment", surround: palette.paper, bars: "sash" }),
    // pilasters and entablature framing the door
    pilaster(dx - 80, dy - 30, ground - 36),
    pilaster(dx + dw + 40, dy - 30, ground - 36),
    rect(dx - 92, dy - 64, dw + 184, 34, { fill: palette.paper, ...ink(1.6) }),
    rect(dx - 100, dy - 76, dw + 200, 14, { fill: palette.paper, ...ink(1.6) }),
    door(dx, dy, dw, ground - 36 - dy, { color: palette.green, fanlight: "arch", surround: palette.paper }),
    brassPlate(dx + dw + 92, 330, 100, 68),
    // steps
    rect(dx - 60, ground - 36, dw + 120, 18, { fill: palette.stone, ...ink(1.6) }),
    rect(dx - 90, ground - 18, dw + 180, 18, { fill: mix(palette.stone, palette.sand, 0.3), ...ink(1.6) }),
    rect(0, ground, W, H - ground, { fill: fill("paving") }),
    line(0, ground, W, ground, ink(1.4)),
    ...[dx - 190, dx + dw + 190].map((px, i) =>
      group(shadow(px, ground + 2, 80), pottedPlant(px, ground + 2, 220, "topiary", `entry-${i}`)),
    ),
  );
}

/** A flat classical pilaster with base and capital, x = left edge. */
function pilaster(x: number, top: number, bottom: number) {
  return group(
    rect(x, top, 40, bottom - top, { fill: palette.paper, ...ink(1.6) }),
    rect(x + 8, top + 30, 24, bottom - top - 60, { fill: "none", ...ink(1.2, darken(palette.paper, 0.2)) }),
    rect(x - 6, top, 52, 16, { fill: palette.paper, ...ink(1.4) }),
    rect(x - 6, bottom - 18, 52, 18, { fill: palette.paper, ...ink(1.4) }),
  );
}

// ---------------------------------------------------------------- village shops

/** The village grocer: awnings, window displays and crates of produce on the footpath. */
export function grocer() {
  const ground = 640;
  const s = 1.2;
  const w = 660;
  const sh = 140;
  const x = (W - w * s) / 2;
  const shop = (kind: "produce" | "bottles", seed: string): Bay => ({
    w: w / 2,
    shop: {
      frame: palette.green,
      doorSide: kind === "produce" ? "right" : "left",
      contents: windowDisplay(w / 2, sh - 12, kind, seed),
    },
    awning: { stripes: "stripeGreen" },
  });
  const store = group(
    building({
      w,
      storeys: 2,
      storeyH: sh,
      wall: mix(palette.stone, palette.paper, 0.2),
      trim: palette.stone,
      head: "segment",
      parapet: "pediment",
      windows: 5,
    }),
    streetLevel([shop("produce", "grocer-a"), shop("bottles", "grocer-b")], sh),
  );
  return group(
    backdrop(W, ground, { seed: "grocer", sun: [140, 110], clouds: [[900, 120, 170]] }),
    place(x - 200 * s, ground, terrace({ wall: "brick", pediment: "segment" }), s),
    place(x + w * s, ground, terrace({ wall: mix(palette.sage, palette.paper, 0.55), pediment: "flat" }), s),
    place(x, ground, store, s),
    road(ground),
    produceStand(x + 20, ground + 30, "grocer-left"),
    produceStand(x + w * s - 300, ground + 30, "grocer-right"),
    flowerBuckets(x + w * s * 0.5 - 40, ground + 30),
  );
}

/** A timber trestle with a tier of produce crates, and more crates on the footpath. */
function produceStand(x: number, baseY: number, seed: string) {
  const fruit = [palette.brick, palette.sand, tone.terracotta, mix(palette.sage, palette.sand, 0.4)];
  const cw = 90;
  const top = baseY - 62;
  return group(
    shadow(x + 140, baseY + 2, 300),
    rect(x + 10, top, 6, 62, { fill: tone.wood }),
    rect(x + 264, top, 6, 62, { fill: tone.wood }),
    ...[0, 1, 2].map((i) =>
      crate(x + 4 + i * (cw + 3), top, cw, fruit[(i + 1) % 4]!, `${seed}-t${i}`, i === 1),
    ),
    rect(x, top, 280, 8, { fill: tone.woodLight, ...ink(1.4) }),
    ...[0, 1, 2].map((i) => crate(x + 4 + i * (cw + 3), baseY, cw, fruit[i]!, `${seed}-b${i}`, i === 2)),
  );
}

/** Galvanised buckets of cut flowers. */
function flowerBuckets(x: number, baseY: number) {
  const flowers = [palette.lilac, palette.sand, palette.brick];
  return repeat(3, (i) => {
    const bx = x + i * 34;
    return group(
      repeat(5, (k) =>
        line(bx + 14, baseY - 34, bx + 4 + k * 5, baseY - 62 - (k % 2) * 8, ink(1.4, palette.sage)),
      ),
      repeat(5, (k) => circle(bx + 4 + k * 5, baseY - 64 - (k % 2) * 8, 5, { fill: flowers[i]!, ...ink(1) })),
      polygon(
        [
          [bx, baseY - 36],
          [bx + 28, baseY - 36],
          [bx + 24, baseY],
          [bx + 4, baseY],
        ],
        { fill: tone.chrome, ...ink(1.4) },
      ),
    );
  });
}

/** Queen Street: a row of shops with awnings, trees and lamp posts. */
export function queenStreet() {
  const ground = 640;
  const s = 1.12;
  type Shop = {
    w: number;
    storeys: number;
    wall: string;
    trim: string;
    parapet: "flat" | "pediment" | "gable";
    kind: "books" | "bottles" | "pots" | "produce";
    stripes: "stripeGreen" | "stripeBrick";
  };
  const shops: Shop[] = [
    {
      w: 300,
      storeys: 2,
      wall: "brick",
      trim: palette.stone,
      parapet: "flat",
      kind: "books",
      stripes: "stripeGreen",
    },
    {
      w: 260,
      storeys: 2,
      wall: mix(palette.sand, palette.paper, 0.4),
      trim: palette.paper,
      parapet: "pediment",
      kind: "pots",
      stripes: "stripeBrick",
    },
    {
      w: 320,
      storeys: 3,
      wall: mix(palette.sage, palette.paper, 0.55),
      trim: palette.stone,
      parapet: "gable",
      kind: "bottles",
      stripes: "stripeGreen",
    },
    {
      w: 290,
      storeys: 2,
      wall: mix(palette.stone, palette.paper, 0.2),
      trim: palette.sage,
      parapet: "pediment",
      kind: "produce",
      stripes: "stripeBrick",
    },
  ];
  let x = -40;
  const row = shops.map((b, i) => {
    const at = x;
    x += b.w * s;
    return place(
      at,
      ground,
      building({
        w: b.w,
        storeys: b.storeys,
        storeyH: 135,
        wall: b.wall,
        trim: b.trim,
        parapet: b.parapet,
        head: i % 2 ? "arch" : "segment",
        shop: {
          frame: i % 2 ? palette.slate : palette.green,
          doorSide: i % 2 ? "right" : "centre",
          contents: windowDisplay(b.w, 123, b.kind, `queen-${i}`),
          awning: { stripes: b.stripes },
        },
      }),
      s,
    );
  });
  return group(
    backdrop(W, ground, { seed: "queen", sun: [1160, 90] }),
    ...row,
    road(ground, true),
    bench(470, ground + 32, 110),
    ...[296, 966].map((tx, i) => streetTree(tx, ground + 22, 300, `queen-t${i}`)),
    lampPost(640, ground + 22, 180),
    lampPost(1180, ground + 22, 180),
  );
}

// ---------------------------------------------------------------- post office

/** One wing of an Edwardian brick post office: stone quoins, bands and arched openings. */
function postOfficeWing(w: number, bays: number, o: { entrance?: number; gable?: boolean } = {}) {
  const sh = 150;
  const top = -2 * sh - 20;
  const stone = palette.stone;
  const bw = w / bays;
  const quoins = (x: number, right: boolean) =>
    repeat(Math.floor(-top / 28), (k) => {
      const qw = k % 2 ? 34 : 22;
      return rect(right ? x - qw : x, -30 - k * 28, qw, 24, { fill: stone, ...ink(1.1) });
    });
  const keystone = (cx: number, y: number) =>
    polygon(
      [
        [cx - 8, y - 4],
        [cx + 8, y - 4],
        [cx + 6, y + 16],
        [cx - 6, y + 16],
      ],
      { fill: stone, ...ink(1.1) },
    );
  const bay = (i: number) => {
    const cx = bw * (i + 0.5);
    const ground =
      i === o.entrance
        ? group(
            door(cx - 32, -sh + 20, 64, sh - 30, { color: palette.green, fanlight: "arch", surround: stone }),
            rect(cx - 50, -10, 100, 10, { fill: stone, ...ink(1.2) }),
          )
        : windowAt(cx - 32, -sh + 30, 64, sh - 70, {
            head: "arch",
            surround: stone,
            bars: "grid",
            cols: 2,
            rows: 3,
          });
    return group(
      ground,
      keystone(cx, -sh + 12),
      windowAt(cx - 28, -2 * sh + 22, 56, sh - 60, { head: "segment", surround: stone, bars: "sash" }),
      keystone(cx, -2 * sh + 8),
    );
  };
  return group(
    o.gable ? dutchGable(w / 2, top - 40, w * 0.42, 120) : "",
    rect(0, top - 40, w, -top + 40, { fill: fill("brick"), ...ink(1.6) }),
    rect(-4, top - 44, w + 8, 8, { fill: stone, ...ink(1.3) }),
    cornice(0, top, w, stone),
    rect(-4, -sh - 8, w + 8, 12, { fill: stone, ...ink(1.3) }),
    rect(0, -28, w, 28, { fill: fill("ashlarSmall"), ...ink(1.3) }),
    quoins(0, false),
    quoins(w, true),
    repeat(bays, bay),
  );
}

/** A Dutch gable of brick with stone coping and twin arched vents (no clock). */
function dutchGable(cx: number, baseY: number, w: number, h: number) {
  const x0 = cx - w / 2;
  const x1 = cx + w / 2;
  const step = w * 0.2;
  const d =
    `M${x0} ${baseY}V${baseY - h * 0.32}Q${x0 + step} ${baseY - h * 0.32} ${x0 + step} ${baseY - h * 0.55}V${baseY - h * 0.78}` +
    `L${cx} ${baseY - h}L${x1 - step} ${baseY - h * 0.78}V${baseY - h * 0.55}Q${x1 - step} ${baseY - h * 0.32} ${x1} ${baseY - h * 0.32}V${baseY}Z`;
  return group(
    path(d, { fill: "none", ...ink(12, palette.stone) }),
    path(d, { fill: fill("brick"), ...ink(1.5) }),
    ...[-1, 1].map((side) =>
      path(opening(cx + side * 18 - 9, baseY - h * 0.66, 18, 34, "arch"), {
        fill: tone.glassDark,
        ...ink(1.3),
      }),
    ),
    rect(cx - 6, baseY - h - 22, 12, 22, { fill: palette.stone, ...ink(1.2) }),
    circle(cx, baseY - h - 26, 7, { fill: palette.stone, ...ink(1.2) }),
  );
}

/** A red cylindrical pillar box. */
function postBox(x: number, baseY: number, h: number) {
  const w = h * 0.42;
  const red = mix(palette.brick, "#b03a2e", 0.5);
  return group(
    shadow(x, baseY + 2, w * 1.6),
    rect(x - w / 2 - 3, baseY - 8, w + 6, 8, { fill: darken(red, 0.25), ...ink(1.4) }),
    rect(x - w / 2, baseY - h * 0.8, w, h * 0.8 - 8, { fill: red, ...ink(1.6) }),
    path(
      `M${x - w / 2 - 4} ${baseY - h * 0.8}Q${x} ${baseY - h * 1.1} ${x + w / 2 + 4} ${baseY - h * 0.8}Z`,
      { fill: red, ...ink(1.6) },
    ),
    rect(x - w / 2 - 4, baseY - h * 0.82, w + 8, 6, { fill: darken(red, 0.2), ...ink(1.2) }),
    rect(x - w * 0.3, baseY - h * 0.66, w * 0.6, 5, { fill: darken(red, 0.55) }),
    rect(x - w * 0.22, baseY - h * 0.5, w * 0.44, h * 0.16, {
      fill: palette.paper,
      "fill-opacity": 0.8,
      ...ink(1),
    }),
    line(x - w * 0.3, baseY - h * 0.75, x - w * 0.3, baseY - 14, {
      stroke: palette.paper,
      "stroke-width": 3,
      "stroke-opacity": 0.35,
    }),
  );
}

/** The 1905 red-brick post office on its corner. */
export function postOffice() {
  const ground = 620;
  const s = 0.95;
  const x = 200;
  const fw = 540;
  return group(
    backdrop(W, ground, {
      seed: "post",
      sun: [1110, 110],
      clouds: [
        [60, 150, 180],
        [760, 90, 130],
      ],
    }),
    place(-90, ground, terraceRow(0, 0, 1, 1, 4), 0.95),
    corner(x, ground, s, postOfficeWing(fw, 3, { entrance: 1, gable: true }), fw, postOfficeWing(420, 3)),
    road(ground),
    postBox(x + 420 * s, ground + 26, 88),
    streetTree(1120, ground + 22, 360, "post-t1"),
    lampPost(130, ground + 22, 170),
    lampPost(x + fw * s + 30, ground + 22, 170),
  );
}

// ---------------------------------------------------------------- hotel

/** One wing of a corner pub: rendered walls, tiled dado and a two-level verandah with iron lace. */
function pubWing(w: number, bays: number) {
  const sh = 140;
  const top = -2 * sh - 12;
  const wall = mix(palette.stone, palette.paper, 0.3);
  const bw = w / bays;
  const bay = (i: number) => {
    const cx = bw * (i + 0.5);
    return group(
      i % 2 === 0
        ? door(cx - 26, -sh + 24, 52, sh - 24, { color: palette.green, fanlight: "rect" })
        : windowAt(cx - 40, -sh + 26, 80, sh - 80, {
            bars: "grid",
            cols: 3,
            rows: 2,
            sill: false,
            frame: tone.white,
          }),
      windowAt(cx - 22, -2 * sh + 34, 44, 100, { bars: "grid", cols: 2, rows: 4, sill: false }),
    );
  };
  return group(
    rect(0, top - 40, w, -top + 40, { fill: wall, ...ink(1.6) }),
    rect(-4, top - 44, w + 8, 8, { fill: palette.stone, ...ink(1.3) }),
    path(`M${w * 0.34} ${top - 40}Q${w / 2} ${top - 92} ${w * 0.66} ${top - 40}Z`, {
      fill: wall,
      ...ink(1.4),
    }),
    rect(w * 0.3, top - 30, w * 0.4, 20, { fill: lighten(palette.stone, 0.3), ...ink(1.2) }),
    cornice(0, top, w, palette.stone),
    rect(0, -56, w, 56, { fill: mix(palette.green, palette.sage, 0.3), ...ink(1.4) }),
    rect(0, -56, w, 56, { fill: fill("hatchLight") }),
    rect(0, -62, w, 6, { fill: palette.sand, ...ink(1) }),
    repeat(bays, bay),
    verandah(w, sh, bays),
  );
}

/** Two-level verandah in front of a facade: posts, balcony with lace balustrade, bullnose roof. */
function verandah(w: number, sh: number, bays: number) {
  const deck = -sh + 4;
  const roof = -2 * sh + 18;
  const posts = Array.from({ length: bays + 1 }, (_, i) => (w / bays) * i);
  return group(
    rect(-6, roof - 22, w + 12, 22, { fill: fill("corrugatedGreen"), ...ink(1.4) }),
    rect(-6, roof - 2, w + 12, 5, { fill: palette.green }),
    ...posts.map((px) => column(px, roof, deck - 40)),
    ironLace(0, deck - 42, w, 40),
    laceFrieze(0, roof + 3, w, 12),
    rect(-6, deck - 4, w + 12, 12, { fill: palette.green, ...ink(1.4) }),
    laceFrieze(0, deck + 8, w, 12),
    ...posts.map((px) => column(px, deck + 8, 0)),
  );
}

/** The corner hotel with its balcony wrapping both street fronts. */
export function hotel() {
  const ground = 640;
  const s = 1.16;
  const x = 110;
  const fw = 600;
  return group(
    backdrop(W, ground, { seed: "hotel", sun: [1100, 120] }),
    place(x - 200 * s, ground, terrace({ wall: "brick" }), s),
    corner(x, ground, s, pubWing(fw, 5), fw, pubWing(440, 4)),
    road(ground, true),
    streetTree(1170, ground + 22, 380, "hotel-t1"),
    lampPost(60, ground + 22, 180),
    ...[300, 520].map((cx) => place(cx, ground + 28, cafeSetting(), 0.68)),
  );
}

/** Two bentwood chairs either side of a small round table (centimetres). */
const cafeSetting = () =>
  group(
    woodChair("side"),
    translate(44, 0, roundTable(60)),
    translate(88, 0, g({ transform: "scale(-1 1)" }, woodChair("side"))),
  );

// ---------------------------------------------------------------- church

/** A sandstone Gothic church: gabled nave with a traceried window, side aisle and square tower. */
function church() {
  const ash = fill("ashlar");
  const wall = { fill: ash, ...ink(1.6) };
  const stone = palette.stone;
  const lancet = (x: number, y: number, w: number, h: number) =>
    group(
      path(opening(x - 6, y - 6, w + 12, h + 6, "pointed"), { fill: stone, ...ink(1.3) }),
      path(opening(x, y, w, h, "pointed"), { fill: tone.glassDark, ...ink(1.3) }),
      line(x + w / 2, y + w * 0.5, x + w / 2, y + h, ink(2, stone)),
    );
  const buttress = (x: number, h: number) =>
    polygon(
      [
        [x - 14, 0],
        [x - 14, -h * 0.55],
        [x - 8, -h * 0.62],
        [x - 8, -h],
        [x + 8, -h - 10],
        [x + 8, 0],
      ],
      { fill: mix(palette.sand, palette.stone, 0.35), ...ink(1.4) },
    );
  const tower = group(
    rect(-200, -600, 180, 600, wall),
    ...[-440, -250].map((y) => rect(-206, y, 192, 10, { fill: stone, ...ink(1.2) })),
    ...[-170, -110].map((x) => lancet(x, -560, 40, 100)),
    ...[-170, -110].map((x) =>
      repeat(5, (k) => line(x + 4, -500 + k * 14, x + 36, -500 + k * 14, ink(2, stone))),
    ),
    lancet(-126, -380, 32, 100),
    path(opening(-140, -130, 60, 130, "pointed"), { fill: palette.green, ...ink(1.5) }),
    // battlements and corner pinnacles
    repeat(5, (k) => rect(-204 + k * 40, -624, 26, 24, { fill: ash, ...ink(1.3) })),
    ...[-204, -30].map((x) =>
      polygon(
        [
          [x, -624],
          [x + 8, -672],
          [x + 16, -624],
        ],
        { fill: stone, ...ink(1.3) },
      ),
    ),
    rect(-206, -604, 192, 8, { fill: stone, ...ink(1.2) }),
  );
  const aisle = group(
    rect(360, -200, 170, 200, wall),
    polygon(
      [
        [352, -268],
        [540, -196],
        [540, -206],
        [360, -280],
      ],
      { fill: fill("shingles"), ...ink(1.4) },
    ),
    polygon(
      [
        [360, -270],
        [536, -200],
        [360, -200],
      ],
      { fill: ash, ...ink(1.4) },
    ),
    ...[395, 465].map((x) => lancet(x, -160, 34, 110)),
  );
  const nave = group(
    polygon(
      [
        [0, 0],
        [0, -300],
        [180, -500],
        [360, -300],
        [360, 0],
      ],
      wall,
    ),
    path("M-10 -292L180 -510L370 -292", { fill: "none", ...ink(14, stone) }),
    path("M-10 -292L180 -510L370 -292", { fill: "none", ...ink(1.4) }),
    rect(174, -560, 12, 52, { fill: stone, ...ink(1.2) }),
    rect(162, -546, 36, 11, { fill: stone, ...ink(1.2) }),
    path(opening(100, -440, 160, 270, "pointed"), { fill: stone, ...ink(1.5) }),
    path(opening(112, -428, 136, 258, "pointed"), { fill: tone.glassDark, ...ink(1.3) }),
    path(opening(122, -350, 54, 178, "pointed"), { fill: tone.glass, ...ink(2.4, stone) }),
    path(opening(184, -350, 54, 178, "pointed"), { fill: tone.glass, ...ink(2.4, stone) }),
    circle(180, -385, 24, { fill: tone.glass, ...ink(3, stone) }),
    path("M180 -405V-365M160 -385H200", ink(2.4, stone)),
    path(opening(128, -156, 104, 156, "pointed"), { fill: stone, ...ink(1.4) }),
    path(opening(140, -144, 80, 144, "pointed"), { fill: palette.green, ...ink(1.4) }),
    line(180, -110, 180, 0, ink(1.4, darken(palette.green, 0.3))),
    circle(170, -60, 3, { fill: palette.sand }),
    circle(190, -60, 3, { fill: palette.sand }),
    buttress(0, 300),
    g({ transform: "translate(360 0) scale(-1 1)" }, buttress(0, 300)),
  );
  return group(aisle, tower, nave);
}

export function churchScene() {
  const ground = 660;
  const s = 0.95;
  return group(
    backdrop(W, ground, {
      seed: "church",
      sun: [1080, 100],
      clouds: [
        [80, 160, 200],
        [820, 110, 140],
      ],
    }),
    tree(150, ground - 10, { kind: "fig", height: 330, seed: "church-fig" }),
    tree(1130, ground - 10, { kind: "poplar", height: 380, seed: "church-poplar" }),
    tree(1210, ground - 10, { kind: "poplar", height: 320, seed: "church-poplar2" }),
    place(430, ground, church(), s),
    lawn(0, ground, W, H - ground),
    path(
      `M${430 + 180 * s - 40} ${ground}L${430 + 180 * s + 40} ${ground}L${430 + 180 * s + 110} ${H}L${430 + 180 * s - 110} ${H}Z`,
      {
        fill: mix(palette.stone, palette.sand, 0.3),
      },
    ),
    fence(0, ground + 20, 430 + 180 * s - 120, 46),
    fence(430 + 180 * s + 120, ground + 20, W, 46),
    hedge(1000, ground - 30, 180, 50),
  );
}

// ---------------------------------------------------------------- station

/** The railway cutting with its never-used platform edge, in perspective. */
export function station() {
  const c = camera({ cx: 600, cy: 330, f: 640, eye: [0.3, 3.4] });
  const far = 140;
  const near = 2.2;
  const wallTop = 4.6;
  const sandstone = mix(palette.sand, palette.stone, 0.35);
  const plane = (pts: readonly P3[], color: string) => c.face(pts, { fill: color });
  const leftWall = (x: number): P3[] => [
    [x, 0, near],
    [x, wallTop, near],
    [x, wallTop, far],
    [x, 0, far],
  ];
  const courses = (x: number, y0: number) =>
    repeat(Math.floor((wallTop - y0) / 0.5), (k) =>
      c.edge([x, y0 + 0.5 * (k + 1), near], [x, y0 + 0.5 * (k + 1), far], ink(1, darken(sandstone, 0.18))),
    );
  const joints = (x: number, y0: number) =>
    repeat(Math.floor((wallTop - y0) / 0.5), (k) =>
      repeat(14, (j) => {
        const z = 2 + j * 1.6 + (k % 2) * 0.8;
        return c.edge([x, y0 + 0.5 * k, z], [x, y0 + 0.5 * (k + 1), z], ink(0.9, darken(sandstone, 0.15)));
      }),
    );
  const sleepers = repeat(60, (k) => {
    const z = 2 + k * 0.75;
    return plane(
      [
        [-1.3, 0.05, z],
        [1.3, 0.05, z],
        [1.3, 0.05, z + 0.25],
        [-1.3, 0.05, z + 0.25],
      ],
      mix(tone.wood, palette.slate, 0.45),
    );
  });
  const rail = (x: number) =>
    plane(
      [
        [x - 0.04, 0.15, near],
        [x + 0.04, 0.15, near],
        [x + 0.04, 0.15, far],
        [x - 0.04, 0.15, far],
      ],
      tone.chrome,
    );
  const rnd = random("station");
  const tufts = repeat(40, () => {
    const [x, y] = c.at([rnd.range(2.6, 6.5), 1, rnd.range(3, 40)]);
    const s = c.scale(10) * 0.05 * rnd.range(0.6, 1.4);
    return path(
      `M${x - s * 4} ${y}l${s * 2} ${-s * 7}l${s} ${s * 5}l${s * 2} ${-s * 8}l${s} ${s * 8}l${s * 2} ${-s * 5}l${s} ${s * 5}Z`,
      {
        fill: palette.sage,
      },
    );
  });
  /** Trees standing back from the top of a wall, far to near; the wall hides their trunks. */
  const rowOfTrees = (x: number, side: string) =>
    [90, 62, 44, 32, 23, 16.5, 11.5].map((z, i) => {
      const [tx, ty] = c.at([x, wallTop, z]);
      const h = 9 * c.scale(z);
      return tree(tx, ty, {
        height: h,
        seed: `station-${side}-${i}`,
        kind: i % 3 === 1 ? "fig" : "street",
        width: h * (i % 3 === 1 ? 1.2 : 0.85),
        color: i % 2 ? palette.sage : mix(palette.sage, palette.green, 0.4),
      });
    });
  const bridgeZ = 60;
  const [bx0, by0] = c.at([-12, 6.8, bridgeZ]);
  const [bx1, by1] = c.at([14, 0, bridgeZ]);
  const [ax0, ay0] = c.at([-2.6, 4.8, bridgeZ]);
  const [ax1] = c.at([2.6, 0, bridgeZ]);
  const bridge = path(
    shapeWithHoles([
      [bx0, by0],
      [bx1, by0],
      [bx1, by1],
      [bx0, by1],
    ]) + opening(ax0, ay0, ax1 - ax0, by1 - ay0, "arch"),
    { fill: fill("ashlarSmall"), "fill-rule": "evenodd", ...ink(1.2) },
  );
  return group(
    sky(W, H),
    cloud(120, 120, 200),
    cloud(820, 80, 150),
    ridge(0, W, 300, 340, {
      amp: 16,
      step: 60,
      seed: "station-ridge",
      color: mix(palette.sage, palette.paper, 0.55),
    }),
    ...rowOfTrees(-7, "l"),
    ...rowOfTrees(10.5, "r"),
    plane(
      [
        [-3.4, 0, near],
        [7, 0, near],
        [7, 0, far],
        [-3.4, 0, far],
      ],
      mix(palette.slate, palette.stone, 0.55),
    ),
    sleepers,
    rail(-0.72),
    rail(0.72),
    plane(leftWall(-3.4), sandstone),
    courses(-3.4, 0),
    joints(-3.4, 0),
    plane(leftWall(7), darken(sandstone, 0.06)),
    courses(7, 1),
    joints(7, 1),
    ...[-3.4, 7].map((x) =>
      group(
        plane(
          [
            [x, wallTop - 0.25, near],
            [x, wallTop, near],
            [x, wallTop, far],
            [x, wallTop - 0.25, far],
          ],
          lighten(sandstone, 0.35),
        ),
        c.edge([x, wallTop, near], [x, wallTop, far], ink(1.4)),
      ),
    ),
    // the platform: brick face, concrete coping, weedy top
    plane(
      [
        [2.1, 0, near],
        [2.1, 1, near],
        [2.1, 1, far],
        [2.1, 0, far],
      ],
      palette.brick,
    ),
    c.face(
      [
        [2.1, 0, near],
        [2.1, 1, near],
        [2.1, 1, far],
        [2.1, 0, far],
      ],
      { fill: fill("brick"), "fill-opacity": 0.6 },
    ),
    plane(
      [
        [2.1, 1, near],
        [7, 1, near],
        [7, 1, far],
        [2.1, 1, far],
      ],
      mix(palette.sage, palette.stone, 0.55),
    ),
    plane(
      [
        [2.1, 1, near],
        [2.6, 1, near],
        [2.6, 1, far],
        [2.1, 1, far],
      ],
      mix(palette.stone, palette.paper, 0.4),
    ),
    c.edge([2.1, 1, near], [2.1, 1, far], ink(1.4)),
    tufts,
    bridge,
  );
}

// ---------------------------------------------------------------- Centennial Park

/** A sandstone gate pillar with moulded cap and ball finial; x = centre. */
function gatePillar(x: number, baseY: number, w: number, h: number) {
  const stone = mix(palette.sand, palette.stone, 0.4);
  return group(
    shadow(x, baseY + 2, w * 1.5),
    rect(x - w / 2 - 8, baseY - 30, w + 16, 30, { fill: stone, ...ink(1.5) }),
    rect(x - w / 2, baseY - h, w, h - 30, { fill: fill("ashlarSmall"), ...ink(1.5) }),
    rect(x - w / 2 + 10, baseY - h + 40, w - 20, h - 110, { fill: "none", ...ink(1.3, darken(stone, 0.3)) }),
    rect(x - w / 2 - 10, baseY - h - 16, w + 20, 18, { fill: stone, ...ink(1.5) }),
    rect(x - w / 2 - 4, baseY - h - 26, w + 8, 10, { fill: lighten(stone, 0.2), ...ink(1.3) }),
    rect(x - w * 0.22, baseY - h - 40, w * 0.44, 14, { fill: stone, ...ink(1.3) }),
    circle(x, baseY - h - 40 - w * 0.26, w * 0.26, { fill: stone, ...ink(1.5) }),
  );
}

/** A pair of wrought-iron gate leaves between x0 and x1, their top rail rising to the middle. */
function ironGates(x0: number, x1: number, baseY: number, h: number) {
  const n = Math.round((x1 - x0) / 16);
  const mid = (x0 + x1) / 2;
  const topAt = (x: number) => baseY - h - 40 * (1 - ((x - mid) / ((x1 - x0) / 2)) ** 2);
  const iron = palette.green;
  return group(
    repeat(n + 1, (i) => {
      const x = x0 + ((x1 - x0) * i) / n;
      const t = topAt(x);
      return group(
        line(x, baseY, x, t, ink(2.2, iron)),
        polygon(
          [
            [x - 3.5, t + 2],
            [x, t - 9],
            [x + 3.5, t + 2],
          ],
          { fill: iron },
        ),
      );
    }),
    path(`M${x0} ${topAt(x0) + 14}Q${mid} ${baseY - h - 66} ${x1} ${topAt(x1) + 14}`, {
      fill: "none",
      ...ink(3.5, iron),
    }),
    line(x0, baseY - h * 0.5, x1, baseY - h * 0.5, ink(3, iron)),
    line(x0, baseY - 14, x1, baseY - 14, ink(3, iron)),
    repeat(Math.floor((x1 - x0) / 32), (i) =>
      circle(x0 + 16 + i * 32, baseY - h * 0.5 - 12, 9, { fill: "none", ...ink(2, iron) }),
    ),
    line(mid, baseY, mid, topAt(mid), ink(4, iron)),
  );
}

/** A black swan gliding. */
function swan(x: number, y: number, s: number, flip = false) {
  const body = darken(palette.slate, 0.45);
  return g(
    { transform: `translate(${x} ${y}) scale(${flip ? -s : s} ${s})` },
    path("M-30 0Q-34 -18 -10 -16Q10 -14 26 -22Q22 -4 10 0Z", { fill: body }),
    path("M16 -16Q14 -38 22 -48Q28 -54 34 -46", { fill: "none", ...ink(4.5, body) }),
    path("M33 -47L42 -44L34 -43Z", { fill: palette.brick }),
    ellipse(0, 2, 30, 3, { fill: palette.paper, "fill-opacity": 0.4 }),
  );
}

/** A softer green for big figs close to the viewer. */
const nearFig = mix(palette.green, palette.sage, 0.45);

/** Centennial Park: sandstone gate pillars, iron gates, an avenue of figs and a pond. */
export function centennialPark() {
  const horizon = 470;
  const gateY = 585;
  const avenue: [number, number, number][] = [
    [0.16, 470, 80],
    [0.3, 478, 110],
    [0.52, 492, 160],
    [0.86, 512, 240],
  ];
  const figAt = (t: number, y: number, h: number, side: -1 | 1, i: number) =>
    tree(630 + side * (50 + t * 560), y, {
      kind: "fig",
      height: h,
      seed: `park-fig-${side}-${i}`,
      color: mix(palette.green, mix(palette.sage, palette.paper, 0.35), 0.9 - t),
    });
  const pond = "M-20 650C120 628 330 640 470 668C560 686 600 716 580 760H-20Z";
  return group(
    backdrop(W, horizon, { seed: "park", sun: [1050, 120], ridge: 400 }),
    lawn(0, horizon, W, H - horizon),
    path(`M612 ${horizon}H648L760 ${gateY}H500Z`, { fill: mix(palette.stone, palette.sand, 0.25) }),
    ...avenue.flatMap(([t, y, h], i) => [figAt(t, y, h, -1, i), figAt(t, y, h, 1, i)]),
    fence(0, gateY - 70, 360, 70),
    fence(900, gateY - 70, W - 900, 70),
    ironGates(372, 460, gateY, 150),
    ironGates(800, 888, gateY, 150),
    ironGates(490, 770, gateY, 200),
    gatePillar(360, gateY, 52, 230),
    gatePillar(900, gateY, 52, 230),
    gatePillar(475, gateY, 76, 300),
    gatePillar(785, gateY, 76, 300),
    path(pond, { fill: mix(palette.sage, palette.slate, 0.35), ...ink(1.6) }),
    path(pond, { fill: fill("water") }),
    repeat(9, (i) =>
      line(440 + i * 14, 690 - (i % 3) * 4, 446 + i * 14, 650 - (i % 4) * 10, ink(2, palette.green)),
    ),
    swan(200, 700, 1.1),
    swan(330, 690, 0.9, true),
    tree(1190, 770, { kind: "fig", height: 380, width: 440, seed: "park-near-fig", color: nearFig }),
    bench(880, 690, 110),
  );
}

// ---------------------------------------------------------------- houses and hills

/** A hilly street: terraces stepping down the slope under jacarandas. */
export function suburb() {
  const slope = (x: number) => 440 + 0.13 * x;
  const s = 0.62;
  const tw = 200 * s;
  const houses = Array.from({ length: 11 }, (_, i) => {
    const x = -30 + i * tw;
    const y = slope(x);
    return group(
      polygon(
        [
          [x, y],
          [x + tw, y],
          [x + tw, slope(x + tw) + 2],
          [x, slope(x) + 2],
        ],
        { fill: fill("ashlarSmall"), ...ink(1.2) },
      ),
      terraceRow(x, y, 1, s, i),
    );
  });
  const band = (off0: number, off1: number, color: string) =>
    polygon(
      [
        [0, slope(0) + off0],
        [W, slope(W) + off0],
        [W, slope(W) + off1],
        [0, slope(0) + off1],
      ],
      { fill: color },
    );
  const rnd = random("suburb-roofs");
  const upHill = Array.from({ length: 9 }, (_, i) => {
    const x = i * 150 + rnd.range(-20, 20);
    return place(x, slope(x) - 250, roofTop(rnd.pick(["tiles", "slate"] as const)), 0.9);
  });
  return group(
    backdrop(W, 420, { seed: "suburb", sun: [1090, 90], ridge: 240 }),
    polygon(
      [
        [0, 200],
        [W, 330],
        [W, H],
        [0, H],
      ],
      { fill: mix(palette.sage, palette.paper, 0.5) },
    ),
    ...upHill,
    ...[120, 520, 900].map((x, i) => tree(x, slope(x) - 190, { height: 150, seed: `suburb-far-${i}` })),
    ...houses,
    band(0, 26, mix(palette.stone, palette.slate, 0.12)),
    band(26, 33, tone.kerb),
    band(33, 260, tone.road),
    band(160, 166, palette.paper),
    band(248, 260, tone.kerb),
    band(260, 400, mix(palette.stone, palette.slate, 0.12)),
    ...[60, 420, 780, 1140].map((x, i) =>
      tree(x, slope(x) + 24, { kind: i === 1 ? "street" : "jacaranda", height: 250, seed: `suburb-j${i}` }),
    ),
    ...[240, 960].map((x) => lampPost(x, slope(x) + 26, 120)),
    tree(230, slope(230) + 290, { height: 320, seed: "suburb-near-0" }),
    tree(1150, slope(1150) + 290, { kind: "jacaranda", height: 300, seed: "suburb-near-1" }),
  );
}

/** A hipped roof over the top of a house's wall, in local coordinates (about 150 wide). */
function roofTop(kind: "tiles" | "slate") {
  return group(
    rect(10, 38, 130, 80, { fill: tone.stucco, ...ink(1.2) }),
    ...[35, 95].map((x) => rect(x, 58, 20, 30, { fill: tone.glassDark, ...ink(1) })),
    polygon(
      [
        [0, 42],
        [36, 0],
        [114, 0],
        [150, 42],
      ],
      { fill: fill(kind === "tiles" ? "rooftiles" : "shingles"), ...ink(1.3) },
    ),
    chimney(98, -14, 14, 22),
  );
}

/** Close view of a terrace row with iron-lace balconies. */
export function terraces() {
  const ground = 700;
  return group(
    backdrop(W, ground, { seed: "terraces", sun: [1180, 36], clouds: [[200, 40, 140]], ridge: false }),
    terraceRow(-100, ground, 4, 1.85, 0),
    rect(0, ground, W, H - ground, { fill: fill("paving") }),
    line(0, ground, W, ground, ink(1.4)),
    lampPost(1000, H + 4, 320),
  );
}

// ---------------------------------------------------------------- gardens and the harbour

/** The late-Victorian gallery building: red brick, two gabled wings and a verandah between. */
function galleryHouse() {
  const stone = palette.stone;
  const gabled = (x: number, w: number) =>
    group(
      polygon(
        [
          [x, 0],
          [x, -250],
          [x + w / 2, -380],
          [x + w, -250],
          [x + w, 0],
        ],
        { fill: fill("brick"), ...ink(1.6) },
      ),
      path(`M${x - 8} -244L${x + w / 2} -388L${x + w + 8} -244`, { fill: "none", ...ink(10, stone) }),
      path(`M${x - 8} -244L${x + w / 2} -388L${x + w + 8} -244`, { fill: "none", ...ink(1.3) }),
      rect(x + w / 2 - 5, -410, 10, 24, { fill: stone, ...ink(1.2) }),
      rect(x - 4, -140, w + 8, 10, { fill: stone, ...ink(1.2) }),
      ...[-1, 1].map((k) =>
        windowAt(x + w / 2 + k * 26 - 20, -236, 40, 84, { head: "pointed", surround: stone, bars: "sash" }),
      ),
      windowAt(x + w / 2 - 34, -118, 68, 96, {
        head: "segment",
        surround: stone,
        bars: "grid",
        cols: 2,
        rows: 3,
      }),
      path(opening(x + w / 2 - 14, -330, 28, 40, "pointed"), { fill: tone.glassDark, ...ink(1.2) }),
    );
  const mid = group(
    polygon(
      [
        [150, -250],
        [210, -330],
        [310, -330],
        [370, -250],
      ],
      { fill: fill("shingles"), ...ink(1.4) },
    ),
    chimney(228, -372, 22, 48),
    rect(150, -250, 220, 250, { fill: fill("brick"), ...ink(1.6) }),
    ...[176, 240, 304].map((x) => windowAt(x, -232, 40, 80, { head: "segment", surround: stone })),
    door(238, -120, 44, 120, { fanlight: "rect", color: palette.green }),
    windowAt(172, -110, 44, 80, { head: "segment", surround: stone }),
    windowAt(304, -110, 44, 80, { head: "segment", surround: stone }),
    rect(150, -152, 220, 18, { fill: fill("corrugatedGreen"), ...ink(1.3) }),
    laceFrieze(150, -134, 220, 10),
    ...[152, 260, 368].map((x) => column(x, -134, 0)),
  );
  return group(mid, gabled(0, 150), gabled(370, 150));
}

/** A small sailing boat on the harbour. */
function sailboat(x: number, y: number, s: number) {
  return g(
    { transform: `translate(${x} ${y}) scale(${s})` },
    path("M-22 0H24L18 8H-16Z", { fill: tone.white, ...ink(1.2) }),
    line(0, 0, 0, -44, ink(1.4)),
    path("M2 -42L22 -4H2Z", { fill: tone.white, ...ink(1.2) }),
    path("M-2 -38L-16 -4H-2Z", { fill: palette.stone, ...ink(1.2) }),
  );
}

/** The gallery at Redleaf: a late-Victorian building in a garden above the harbour. */
export function galleryRedleaf() {
  const waterTop = 360;
  const ground = 560;
  const hx = 330;
  const s = 0.95;
  return group(
    sky(W, waterTop),
    cloud(160, 130, 180),
    cloud(760, 90, 140),
    ridge(0, W, 330, waterTop, {
      amp: 14,
      step: 90,
      seed: "redleaf-shore",
      color: mix(palette.sage, palette.paper, 0.5),
    }),
    water(0, waterTop, W, 200),
    sailboat(880, 420, 1),
    sailboat(1040, 392, 0.7),
    sailboat(140, 400, 0.6),
    lawn(0, 470, W, H - 470),
    rect(0, 462, W, 10, { fill: mix(palette.sand, palette.stone, 0.4), ...ink(1.2) }),
    palm(200, ground - 10, 300, "redleaf-palm-1"),
    place(hx, ground, galleryHouse(), s),
    palm(hx + 540 * s, ground - 4, 340, "redleaf-palm-2"),
    tree(1110, ground + 40, { kind: "fig", height: 380, width: 440, seed: "redleaf-fig", color: nearFig }),
    path(`M${hx + 260 * s - 24} ${ground}H${hx + 260 * s + 24}L${hx + 380} ${H}H${hx + 140}Z`, {
      fill: mix(palette.stone, palette.sand, 0.3),
    }),
    hedge(0, ground - 40, 170, 56),
    hedge(hx + 560 * s, ground - 30, 120, 40),
    ...[90, 700].map((x, i) => pottedPlant(x, H - 60, 110, "topiary", `redleaf-pot-${i}`)),
    bench(820, 680, 120),
  );
}

// ---------------------------------------------------------------- roof terrace

/** The top-floor roof terrace: timber deck, planters, a table and a view over the rooftops. */
export function roofTerrace() {
  const c = camera({ cx: 630, cy: 346, f: 853, eye: [0, 1.6] });
  const parapetY = 560;
  const deckZ = 6.4;
  const roofRow = (y: number, scale: number, seed: string) => {
    const rnd = random(seed);
    const step = 165 * scale;
    return Array.from({ length: Math.ceil(W / step) + 1 }, (_, i) =>
      place(
        -60 + i * step + rnd.range(-12, 12),
        y + rnd.range(-8, 8),
        roofTop(rnd.pick(["tiles", "slate"] as const)),
        scale,
      ),
    );
  };
  const boards = repeat(60, (i) =>
    c.edge([-6 + i * 0.2, 0, 0.6], [-6 + i * 0.2, 0, deckZ], ink(1, darken(tone.woodLight, 0.2))),
  );
  return group(
    backdrop(W, 470, { seed: "terrace", sun: [1130, 100], ridge: 300 }),
    spire(860, 380),
    ...roofRow(300, 0.75, "terrace-far"),
    ...[120, 560, 1000].map((x, i) => tree(x, 420, { height: 150, seed: `terrace-far-tree-${i}` })),
    ...roofRow(370, 1.05, "terrace-near"),
    ...[300, 820].map((x, i) =>
      tree(x, 500, { height: 190, seed: `terrace-tree-${i}`, kind: i === 1 ? "jacaranda" : "street" }),
    ),
    c.face(
      [
        [-6, 0, 0.6],
        [6, 0, 0.6],
        [6, 0, deckZ],
        [-6, 0, deckZ],
      ],
      { fill: tone.woodLight },
    ),
    boards,
    rect(0, parapetY - 84, W, 84, { fill: tone.stucco, ...ink(1.4) }),
    rect(0, parapetY - 92, W, 10, { fill: palette.stone, ...ink(1.4) }),
    line(0, parapetY - 130, W, parapetY - 130, ink(3, palette.slate)),
    repeat(14, (i) => line(40 + i * 90, parapetY - 130, 40 + i * 90, parapetY - 92, ink(2.4, palette.slate))),
    ...[80, 420, 760].map((x, i) => planterBox(x, parapetY, 300, 56, `terrace-planter-${i}`)),
    pottedPlant(1150, parapetY + 8, 170, "topiary", "terrace-olive"),
    stand(c, -0.75, 4.6, woodChair("side", palette.green)),
    stand(c, 0.75, 4.6, g({ transform: "scale(-1 1)" }, woodChair("side", palette.green))),
    stand(
      c,
      0,
      4.4,
      group(
        roundTable(80, palette.stone),
        translate(-12, -78, cup(0, 0, 9)),
        translate(14, -78, cup(0, 0, 9)),
      ),
    ),
    pottedPlant(120, H + 10, 220, "leafy", "terrace-near"),
    pottedPlant(1130, H + 10, 180, "fern", "terrace-near-fern"),
  );
}

/** A distant sandstone church spire. */
function spire(x: number, baseY: number) {
  const stone = mix(palette.sand, palette.paper, 0.35);
  return group(
    rect(x - 16, baseY - 150, 32, 150, { fill: stone, ...ink(1.1) }),
    polygon(
      [
        [x - 16, baseY - 150],
        [x, baseY - 240],
        [x + 16, baseY - 150],
      ],
      { fill: stone, ...ink(1.1) },
    ),
    path(opening(x - 5, baseY - 132, 10, 24, "pointed"), { fill: tone.glassDark }),
  );
}

export const placeScenes = {
  moncurStreet,
  buildingFacade,
  buildingEntrance,
  grocer,
  queenStreet,
  postOffice,
  hotel,
  church: churchScene,
  station,
  centennialPark,
  suburb,
  terraces,
  galleryRedleaf,
  roofTerrace,
};
