// The site's page illustrations: streets and landmarks of the village, the building's
// interiors, a few objects and two profile portraits. Composed from the shared library.
import { brassPlate, building, door, fence, laceFrieze, place, windowAt } from "../lib/architecture.ts";
import { bench, crate, cup, lampPost, mug, planterBox, pottedPlant, steam } from "../lib/furniture.ts";
import { cloud, ridge, sky, street, sun, tree } from "../lib/nature.ts";
import { fill } from "../lib/patterns.ts";
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
  polygon,
  rect,
  repeat,
  tone,
} from "../lib/svg.ts";
import { terraceRow } from "./streets.ts";

const W = 1260;
const H = 750;

/** Sky, sun, a cloud or two and a far line of trees, down to the horizon. */
function outdoors(horizon: number, seed: string) {
  return group(
    sky(W, horizon),
    sun(W * 0.8, horizon * 0.3, 30),
    cloud(W * 0.15, horizon * 0.28, 130),
    cloud(W * 0.55, horizon * 0.18, 90),
    ridge(0, W, horizon * 0.7, horizon, {
      amp: 16,
      step: 70,
      seed,
      color: mix(palette.sage, palette.paper, 0.6),
    }),
  );
}

const road = (groundY: number) => street(W, groundY, { footpath: 36, kerb: 8, bottom: H });
const trees = (
  xs: number[],
  baseY: number,
  height: number,
  seed: string,
  kind?: "street" | "fig" | "jacaranda",
) => group(...xs.map((x, i) => tree(x, baseY, { height, seed: `${seed}-${i}`, kind })));

// ——— Streets and landmarks ———

function moncurStreet() {
  const ground = 600;
  return group(
    outdoors(ground, "moncur"),
    terraceRow(10, ground, 3, 1.15),
    place(
      710,
      ground,
      building({
        w: 480,
        storeys: 2,
        storeyH: 150,
        wall: mix(palette.sand, palette.paper, 0.35),
        trim: palette.paper,
        head: "arch",
        parapet: "pediment",
        shop: { awning: { stripes: "stripeGreen" } },
      }),
    ),
    road(ground),
    trees([150, 560], ground + 16, 330, "moncur"),
    lampPost(660, ground + 18, 200),
  );
}

function buildingFacade() {
  const ground = 640;
  return group(
    outdoors(ground, "facade"),
    place(
      260,
      ground,
      building({
        w: 740,
        storeys: 3,
        storeyH: 160,
        wall: "ashlar",
        head: "segment",
        parapet: "pediment",
        windows: 5,
        shop: { frame: palette.green, awning: { stripes: "stripeGreen" } },
      }),
    ),
    road(ground),
    trees([120, 1140], ground + 16, 360, "facade"),
    lampPost(230, ground + 18, 210),
    lampPost(1030, ground + 18, 210),
  );
}

function buildingEntrance() {
  const ground = 640;
  return group(
    rect(0, 0, W, ground, { fill: fill("ashlar") }),
    rect(0, ground - 30, W, 12, { fill: palette.stone, ...ink(1.4) }),
    door(520, 170, 220, 440, { fanlight: "arch", color: palette.green, surround: palette.stone }),
    brassPlate(780, 380, 80, 54),
    rect(470, ground - 18, 320, 18, { fill: mix(palette.stone, palette.slate, 0.15), ...ink(1.4) }),
    rect(440, ground, 380, 22, { fill: mix(palette.stone, palette.slate, 0.25), ...ink(1.4) }),
    rect(0, ground + 22, W, H, { fill: fill("paving") }),
    pottedPlant(390, ground + 22, 230, "topiary", "entrance-l"),
    pottedPlant(870, ground + 22, 230, "topiary", "entrance-r"),
    windowAt(120, 180, 180, 300, { head: "segment", surround: palette.stone }),
    windowAt(960, 180, 180, 300, { head: "segment", surround: palette.stone }),
  );
}

function grocer() {
  const ground = 600;
  const produce = [
    palette.brick,
    palette.sage,
    palette.sand,
    mix(palette.brick, palette.sand, 0.5),
    palette.green,
  ];
  return group(
    outdoors(ground, "grocer"),
    place(
      200,
      ground,
      building({
        w: 860,
        storeys: 2,
        storeyH: 190,
        wall: mix(palette.sage, palette.paper, 0.55),
        trim: palette.paper,
        parapet: "flat",
        shop: { frame: palette.green, doorSide: "centre", awning: { stripes: "stripeGreen" } },
      }),
    ),
    road(ground),
    ...produce.map((colour, i) =>
      crate(230 + i * 70 + (i > 1 ? 420 : 0), ground + 30, 64, colour, `crate-${i}`, i % 2 === 1),
    ),
    lampPost(1140, ground + 18, 200),
  );
}

function postOffice() {
  const ground = 620;
  return group(
    outdoors(ground, "post"),
    place(
      260,
      ground,
      building({
        w: 560,
        storeys: 2,
        storeyH: 170,
        wall: "brick",
        trim: palette.stone,
        head: "arch",
        parapet: "gable",
        windows: 3,
        shop: { frame: darken(palette.brick, 0.2), doorSide: "centre" },
      }),
    ),
    place(
      820,
      ground,
      building({ w: 220, storeys: 2, storeyH: 170, wall: "brick", head: "arch", windows: 2 }),
    ),
    road(ground),
    trees([130], ground + 16, 320, "post"),
    lampPost(1150, ground + 18, 200),
  );
}

function hotel() {
  const ground = 630;
  const storeyH = 175;
  return group(
    outdoors(ground, "hotel"),
    place(
      170,
      ground,
      building({
        w: 920,
        storeys: 2,
        storeyH,
        wall: "brick",
        trim: palette.stone,
        head: "segment",
        parapet: "pediment",
        windows: 6,
        shop: { frame: palette.green, awning: { stripes: "stripeBrick" } },
      }),
    ),
    // The balcony that wraps the corner: posts, lace frieze and a balustrade.
    rect(150, ground - storeyH - 18, 960, 14, { fill: palette.green, ...ink(1.4) }),
    laceFrieze(150, ground - storeyH * 2 + 20, 960, 36),
    fence(150, ground - storeyH - 70, 960, 52),
    ...[150, 390, 630, 870, 1106].map((x) =>
      rect(x, ground - storeyH * 2 + 16, 8, storeyH * 2 - 16, { fill: palette.green }),
    ),
    road(ground),
  );
}

function church() {
  const ground = 630;
  const stone = fill("ashlar");
  const pointed = (x: number, y: number, w: number, h: number) =>
    windowAt(x, y, w, h, { head: "pointed", bars: "grid", cols: 2, rows: 4, surround: palette.stone });
  return group(
    outdoors(ground, "church"),
    // Nave with a steep slate roof.
    polygon(
      [
        [380, 330],
        [640, 170],
        [1000, 170],
        [1140, 330],
      ],
      { fill: fill("shingles"), ...ink(1.6) },
    ),
    rect(380, 330, 760, ground - 330, { fill: stone, ...ink(1.6) }),
    ...[450, 610, 770, 930].map((x) => pointed(x, 390, 80, 180)),
    ...[540, 700, 860, 1020].map((x) =>
      rect(x, 340, 18, ground - 340, { fill: mix(palette.sand, palette.stone, 0.3), ...ink(1.2) }),
    ),
    // Square tower with battlements, a tall pointed window and a doorway.
    rect(150, 130, 230, ground - 130, { fill: stone, ...ink(1.6) }),
    ...repeat(5, (i) => rect(150 + i * 48, 100, 30, 32, { fill: stone, ...ink(1.4) })),
    pointed(215, 190, 100, 200),
    door(215, 450, 100, 180, { fanlight: "arch", color: palette.brick, surround: palette.stone }),
    road(ground),
    trees([1210, 60], ground + 16, 300, "church", "fig"),
  );
}

function terraces() {
  return group(
    outdoors(700, "terraces"),
    terraceRow(-60, 700, 4, 1.75, 1),
    rect(0, 700, W, 50, { fill: fill("paving") }),
  );
}

function suburb() {
  const far = 420;
  const near = 650;
  return group(
    outdoors(far - 40, "suburb"),
    path(`M0 ${far + 40}Q${W / 2} ${far - 60} ${W} ${far + 10}V${H}H0Z`, {
      fill: mix(palette.sage, palette.paper, 0.45),
    }),
    terraceRow(60, far + 10, 6, 0.55, 2),
    path(`M0 ${near - 20}Q${W / 2} ${near + 30} ${W} ${near - 30}V${H}H0Z`, {
      fill: mix(palette.sage, palette.paper, 0.2),
    }),
    terraceRow(-30, near, 6, 0.9),
    road(near),
    trees([220, 760, 1150], near + 16, 300, "suburb", "jacaranda"),
  );
}

function queenStreet() {
  const ground = 610;
  const shop = (x: number, w: number, wall: string, stripes: "stripeGreen" | "stripeBrick", frame: string) =>
    place(
      x,
      ground,
      building({
        w,
        storeys: 2,
        storeyH: 160,
        wall,
        trim: palette.paper,
        parapet: "flat",
        shop: { frame, awning: { stripes } },
      }),
    );
  return group(
    outdoors(ground, "queen"),
    shop(20, 380, mix(palette.sand, palette.paper, 0.3), "stripeGreen", palette.green),
    shop(410, 420, "brick", "stripeBrick", palette.slate),
    shop(840, 400, mix(palette.stone, palette.sage, 0.3), "stripeGreen", palette.brick),
    road(ground),
    ...[395, 825].map((x) => lampPost(x, ground + 18, 190)),
    bench(600, ground + 30, 110),
  );
}

function galleryRedleaf() {
  const ground = 560;
  return group(
    outdoors(ground - 60, "redleaf"),
    rect(0, ground - 60, W, 80, { fill: fill("water") }),
    place(
      330,
      ground,
      building({
        w: 600,
        storeys: 2,
        storeyH: 150,
        wall: "ashlar",
        trim: palette.stone,
        head: "arch",
        parapet: "pediment",
        windows: 4,
      }),
    ),
    door(580, ground - 190, 100, 190, { fanlight: "arch", color: palette.green, surround: palette.stone }),
    rect(0, ground, W, H - ground, { fill: fill("grass") }),
    path(`M560 ${H}L600 ${ground}H660L700 ${H}Z`, { fill: fill("paving") }),
    trees([140, 1120], ground + 10, 340, "redleaf", "fig"),
    planterBox(420, ground + 60, 120, 50, "redleaf-a"),
    planterBox(720, ground + 60, 120, 50, "redleaf-b"),
  );
}

function station() {
  const rim = 260;
  const floor = 600;
  return group(
    outdoors(rim, "station"),
    polygon(
      [
        [0, rim],
        [430, rim],
        [560, floor],
        [0, floor],
      ],
      { fill: fill("grass") },
    ),
    polygon(
      [
        [W, rim],
        [830, rim],
        [700, floor],
        [W, floor],
      ],
      { fill: fill("grass") },
    ),
    rect(0, floor, W, H - floor, { fill: mix(palette.stone, palette.slate, 0.35) }),
    // The platform edge that was built but never used, and two quiet tracks.
    rect(0, floor - 30, 520, 46, { fill: mix(palette.stone, palette.slate, 0.15), ...ink(1.4) }),
    rect(0, floor - 30, 520, 8, { fill: palette.sand }),
    ...[650, 700].map((y) => line(0, y, W, y - 20, ink(5, palette.slate))),
    ...repeat(18, (i) => line(i * 74, 640 - i * 0.9, i * 74 + 30, 720 - i * 1.2, ink(8, tone.wood))),
    trees([80, 300, 980, 1180], rim + 20, 300, "station"),
    trees([520, 760], floor - 20, 200, "station-low", "street"),
  );
}

function centennialPark() {
  const ground = 600;
  const pillar = (x: number) =>
    group(
      rect(x, 300, 90, ground - 300, { fill: fill("ashlar"), ...ink(1.6) }),
      rect(x - 12, 280, 114, 26, { fill: palette.stone, ...ink(1.4) }),
      ellipse(x + 45, 262, 34, 22, { fill: palette.stone, ...ink(1.4) }),
    );
  return group(
    outdoors(ground - 40, "centennial"),
    rect(0, ground - 40, W, H, { fill: fill("grass") }),
    ellipse(980, 690, 260, 50, { fill: fill("water"), ...ink(1.4) }),
    trees([140, 1100], ground - 10, 420, "centennial", "fig"),
    pillar(360),
    pillar(810),
    fence(450, 380, 360, ground - 380, palette.green),
    path(`M450 380Q630 300 810 380`, { fill: "none", ...ink(6, palette.green) }),
    path(`M500 ${H}L560 ${ground}H700L760 ${H}Z`, { fill: fill("paving") }),
    bench(1000, ground + 20, 120),
  );
}

// ——— Interiors ———

/** A room seen from inside: back wall, floor and skirting. */
function room(wall: string, floorY = 560) {
  return group(
    rect(0, 0, W, floorY, { fill: wall }),
    rect(0, floorY, W, H - floorY, { fill: mix(palette.sand, palette.paper, 0.45) }),
    repeat(12, (i) =>
      line(0, floorY + 16 + i * 16, W, floorY + 16 + i * 16, ink(1, mix(palette.sand, palette.paper, 0.25))),
    ),
    rect(0, floorY - 14, W, 14, { fill: palette.paper, ...ink(1.2) }),
  );
}

function tallWindow(x: number, w: number, top = 80, bottom = 470) {
  return windowAt(x, top, w, bottom - top, { head: "segment", bars: "sash", surround: palette.paper });
}

function desk(x: number, floorY: number, w: number, withScreen = true) {
  const top = floorY - 140;
  return group(
    rect(x, top, w, 14, { fill: tone.wood, ...ink(1.4) }),
    rect(x + 10, top + 14, 10, 126, { fill: palette.slate }),
    rect(x + w - 20, top + 14, 10, 126, { fill: palette.slate }),
    withScreen
      ? group(
          rect(x + w * 0.3, top - 90, w * 0.4, 80, { fill: palette.slate, rx: 4, ...ink(1.4) }),
          rect(x + w * 0.34, top - 84, w * 0.32, 66, { fill: tone.glass }),
          rect(x + w * 0.47, top - 10, w * 0.06, 10, { fill: palette.slate }),
        )
      : "",
  );
}

function chair(x: number, floorY: number, colour: string = palette.sage) {
  return group(
    rect(x, floorY - 170, 60, 80, { fill: colour, rx: 10, ...ink(1.4) }),
    rect(x - 6, floorY - 96, 72, 18, { fill: colour, rx: 6, ...ink(1.4) }),
    line(x + 30, floorY - 78, x + 30, floorY - 20, ink(5, palette.slate)),
    line(x + 4, floorY - 4, x + 56, floorY - 4, ink(5, palette.slate)),
  );
}

function pendant(x: number, length: number) {
  return group(
    line(x, 0, x, length, ink(2)),
    path(`M${x - 34} ${length + 30}Q${x} ${length - 10} ${x + 34} ${length + 30}Z`, {
      fill: palette.green,
      ...ink(1.4),
    }),
  );
}

function framedArt(x: number, y: number, w: number, h: number, seed: number) {
  const colours = [palette.brick, palette.sage, palette.sand, palette.slate, palette.green];
  const c = (n: number) => colours[(seed + n) % colours.length] as string;
  return group(
    rect(x - 10, y - 10, w + 20, h + 20, { fill: palette.slate }),
    rect(x, y, w, h, { fill: palette.paper }),
    circle(x + w * 0.35, y + h * 0.4, Math.min(w, h) * 0.22, { fill: c(0) }),
    rect(x + w * 0.45, y + h * 0.5, w * 0.4, h * 0.3, { fill: c(1) }),
    line(x + w * 0.1, y + h * 0.85, x + w * 0.9, y + h * 0.15, ink(4, c(2))),
  );
}

function interiorMiddle1() {
  const floor = 560;
  return group(
    room(lighten(palette.stone, 0.5), floor),
    ...[90, 470, 850].map((x) => tallWindow(x, 300)),
    desk(120, floor + 40, 300),
    desk(500, floor + 40, 300),
    desk(880, floor + 40, 300),
    ...[230, 610, 990].map((x) => chair(x, floor + 110)),
    pottedPlant(60, floor + 60, 180, "leafy", "mid1-a"),
    pottedPlant(1210, floor + 60, 180, "fern", "mid1-b"),
    ...[260, 640, 1020].map((x) => pendant(x, 40)),
  );
}

function interiorMiddle2() {
  const floor = 580;
  const table = group(
    path(`M240 ${floor - 40}H1020L1100 ${floor + 40}H160Z`, { fill: tone.wood, ...ink(1.6) }),
    rect(300, floor + 40, 14, 100, { fill: palette.slate }),
    rect(946, floor + 40, 14, 100, { fill: palette.slate }),
  );
  return group(
    room(mix(palette.sage, palette.paper, 0.75), floor),
    rect(360, 90, 540, 300, { fill: palette.slate, rx: 6, ...ink(1.4) }),
    rect(380, 110, 500, 260, { fill: lighten(palette.slate, 0.6) }),
    ...[260, 480, 700, 900].map((x) => chair(x, floor + 20, palette.green)),
    table,
    ...[330, 630, 930].map((x) => cup(x, floor - 36, 28)),
    pendant(630, 20),
    pottedPlant(90, floor + 120, 220, "leafy", "mid2"),
  );
}

function interiorMiddle3() {
  const floor = 580;
  return group(
    room(lighten(palette.sand, 0.6), floor),
    rect(0, 300, 760, 12, { fill: palette.paper, ...ink(1.2) }),
    rect(0, 150, 760, 150, { fill: fill("tilesWall") }),
    rect(0, 312, 760, 268, { fill: palette.green, ...ink(1.4) }),
    ...repeat(4, (i) =>
      rect(20 + i * 186, 340, 170, 220, { fill: lighten(palette.green, 0.1), ...ink(1.2) }),
    ),
    rect(0, 300, 760, 14, { fill: palette.stone, ...ink(1.2) }),
    group(
      rect(120, 230, 70, 70, { fill: tone.chrome, rx: 8, ...ink(1.4) }),
      mug(330, 300, 40),
      cup(420, 300, 30),
      steam(340, 240, 30),
    ),
    tallWindow(880, 280, 100, 460),
    // A small table with two stools by the window.
    rect(860, floor - 20, 320, 14, { fill: tone.wood, ...ink(1.4) }),
    rect(1014, floor - 6, 12, 150, { fill: palette.slate }),
    ...[880, 1120].map((x) =>
      group(
        rect(x, floor + 40, 60, 14, { fill: palette.brick, rx: 6 }),
        line(x + 30, floor + 54, x + 30, H - 20, ink(5, palette.slate)),
      ),
    ),
    pottedPlant(1200, floor + 140, 160, "herb", "mid3"),
  );
}

function skylight(x: number, w: number) {
  return polygon(
    [
      [x, 40],
      [x + w, 40],
      [x + w + 30, 150],
      [x - 30, 150],
    ],
    { fill: tone.glass, ...ink(1.6) },
  );
}

function interiorTop1() {
  const floor = 580;
  return group(
    room(lighten(palette.stone, 0.45), floor),
    polygon(
      [
        [0, 0],
        [W, 0],
        [W, 180],
        [0, 260],
      ],
      { fill: mix(palette.stone, palette.paper, 0.2), ...ink(1.4) },
    ),
    ...repeat(6, (i) => line(i * 230, 0, i * 230 - 40, 250 - i * 14, ink(6, tone.wood))),
    skylight(260, 180),
    skylight(760, 180),
    desk(200, floor + 40, 340),
    desk(720, floor + 40, 340),
    chair(340, floor + 110),
    chair(860, floor + 110),
    pottedPlant(1180, floor + 60, 200, "fern", "top1"),
  );
}

function interiorTop2() {
  const floor = 580;
  const view = group(
    rect(0, 80, 720, 400, { fill: tone.sky }),
    ridge(0, 720, 300, 480, {
      amp: 20,
      step: 60,
      seed: "top2",
      color: mix(palette.sage, palette.paper, 0.5),
    }),
    ...repeat(6, (i) =>
      polygon(
        [
          [i * 130 - 20, 480],
          [i * 130 + 50, 380 + (i % 2) * 20],
          [i * 130 + 120, 480],
        ],
        { fill: i % 2 ? palette.brick : mix(palette.brick, palette.sand, 0.4), ...ink(1.2) },
      ),
    ),
    trees([100, 420, 640], 470, 160, "top2-trees", "jacaranda"),
  );
  return group(
    room(lighten(palette.sage, 0.7), floor),
    view,
    rect(0, 80, 720, 400, { fill: "none", ...ink(14, palette.paper) }),
    ...[240, 480].map((x) => line(x, 80, x, 480, ink(10, palette.paper))),
    rect(-10, 480, 740, 16, { fill: palette.paper, ...ink(1.2) }),
    desk(780, floor + 40, 360),
    chair(930, floor + 110, palette.brick),
    pottedPlant(80, floor + 120, 200, "leafy", "top2"),
    framedArt(1010, 160, 160, 200, 2),
  );
}

function interiorTop3() {
  const deck = 560;
  return group(
    outdoors(deck, "terrace"),
    ridge(0, W, 430, deck, {
      amp: 24,
      step: 80,
      seed: "roofs",
      color: mix(palette.brick, palette.paper, 0.5),
    }),
    rect(0, deck, W, H - deck, { fill: fill("paving") }),
    fence(0, deck - 90, W, 90, palette.green),
    ...[80, 420, 760, 1100].map((x, i) => planterBox(x, deck + 40, 140, 60, `terrace-${i}`)),
    bench(560, deck + 150, 160),
    trees([300, 980], deck - 80, 260, "terrace", "jacaranda"),
    group(
      circle(1000, 640, 70, { fill: palette.paper, ...ink(1.4) }),
      line(1000, 710, 1000, H, ink(6, palette.slate)),
    ),
  );
}

function officeSpace() {
  const floor = 560;
  return group(
    room(lighten(palette.paper, 0.2), floor),
    ...[120, 520, 920].map((x) => tallWindow(x, 240)),
    ...repeat(4, (i) =>
      polygon(
        [
          [180 + i * 300, floor + 20],
          [300 + i * 300, floor + 20],
          [240 + i * 300 + 80, H],
          [120 + i * 300 - 40, H],
        ],
        { fill: palette.paper, "fill-opacity": 0.45 },
      ),
    ),
    pottedPlant(70, floor + 100, 210, "leafy", "empty"),
  );
}

function artGallery() {
  const floor = 560;
  return group(
    room(lighten(palette.paper, 0.6), floor),
    framedArt(110, 170, 260, 200, 0),
    framedArt(480, 130, 300, 280, 1),
    framedArt(890, 170, 260, 200, 3),
    ...[240, 630, 1020].map((x) => circle(x, 40, 10, { fill: palette.sand })),
    rect(480, floor + 70, 300, 30, { fill: tone.wood, ...ink(1.4) }),
    rect(500, floor + 100, 16, 60, { fill: palette.slate }),
    rect(744, floor + 100, 16, 60, { fill: palette.slate }),
  );
}

function coffeeMachine() {
  const counter = 520;
  const machine = group(
    rect(380, 210, 500, 300, { fill: tone.chrome, rx: 18, ...ink(1.8) }),
    rect(400, 230, 460, 40, { fill: lighten(tone.chrome, 0.4), rx: 8 }),
    rect(380, 170, 500, 50, { fill: palette.green, rx: 12, ...ink(1.6) }),
    ...[500, 760].map((x) =>
      group(
        rect(x - 30, 300, 60, 40, { fill: palette.slate, rx: 6 }),
        line(x, 300, x - 40, 150, ink(10, palette.slate)),
        circle(x - 40, 145, 16, { fill: palette.brick, ...ink(1.4) }),
        rect(x - 45, 340, 90, 14, { fill: palette.slate, rx: 4 }),
      ),
    ),
    circle(630, 300, 34, { fill: palette.paper, ...ink(1.6) }),
    line(630, 300, 650, 284, ink(3, palette.brick)),
    rect(400, 470, 460, 24, { fill: fill("hatch") }),
  );
  return group(
    rect(0, 0, W, counter, { fill: fill("tilesWall") }),
    rect(0, counter, W, 30, { fill: tone.wood, ...ink(1.6) }),
    rect(0, counter + 30, W, H, { fill: palette.green }),
    machine,
    cup(500, 470, 40),
    cup(760, 470, 40),
    steam(500, 420, 34),
    ...[980, 1060, 1140].map((x) => cup(x, counter, 46)),
    mug(200, counter, 60),
  );
}

// ——— Portraits (square) ———

const S = 600;

function person(cx: number, shirt: string) {
  return group(
    circle(cx, 220, 70, { fill: tone.skin, ...ink(1.6) }),
    path(`M${cx - 70} 200Q${cx} 120 ${cx + 70} 200Q${cx + 60} 150 ${cx} 145Q${cx - 60} 150 ${cx - 70} 200Z`, {
      fill: palette.slate,
    }),
    path(`M${cx - 150} ${S}Q${cx - 150} 330 ${cx} 320Q${cx + 150} 330 ${cx + 150} ${S}Z`, {
      fill: shirt,
      ...ink(1.6),
    }),
  );
}

function portraitBackground(colour: string) {
  return group(
    rect(0, 0, S, S, { fill: lighten(colour, 0.75) }),
    circle(S / 2, S / 2, 250, { fill: lighten(colour, 0.55) }),
  );
}

function profileDeveloper() {
  return group(
    portraitBackground(palette.sage),
    person(300, palette.green),
    path("M140 470H460L500 560H100Z", { fill: tone.chrome, ...ink(1.6) }),
    rect(170, 330, 260, 150, { fill: palette.slate, rx: 8, ...ink(1.6) }),
    rect(185, 345, 230, 120, { fill: tone.glass }),
    ...repeat(4, (i) =>
      line(
        205,
        370 + i * 22,
        205 + 60 + ((i * 47) % 110),
        370 + i * 22,
        ink(5, i % 2 ? palette.sand : palette.paper),
      ),
    ),
  );
}

function profileAgent() {
  return group(
    portraitBackground(palette.sand),
    path("M380 230L480 150L580 230V360H380Z", { fill: "none", ...ink(5, palette.brick) }),
    rect(455, 290, 44, 70, { fill: "none", ...ink(4, palette.brick) }),
    person(260, palette.slate),
    rect(150, 400, 200, 150, { fill: palette.sand, rx: 6, ...ink(1.6), transform: "rotate(-8 250 475)" }),
    rect(170, 420, 160, 14, { fill: palette.paper, transform: "rotate(-8 250 475)" }),
  );
}

export const siteScenes = {
  moncurStreet,
  buildingFacade,
  buildingEntrance,
  grocer,
  postOffice,
  hotel,
  church,
  terraces,
  suburb,
  queenStreet,
  galleryRedleaf,
  station,
  centennialPark,
  interiorMiddle1,
  interiorMiddle2,
  interiorMiddle3,
  interiorTop1,
  interiorTop2,
  interiorTop3,
  officeSpace,
  artGallery,
  coffeeMachine,
  profileDeveloper,
  profileAgent,
};
