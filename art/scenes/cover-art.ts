// The sample articles' covers (1260 × 750): calm, flat still lifes and small scenes
// in the house style, composed from the shared library. One function per cover.
import { place } from "../lib/architecture.ts";
import { bust, crossLegged, hand, type Look, limb, looks, seatedProfile } from "../lib/cover/figures.ts";
import { jar, keepCup, waterBottle } from "../lib/cover/kitchenware.ts";
import {
  bed,
  bedsideTable,
  cafeChair,
  cafeTable,
  desk,
  kitchenBench,
  lightPool,
  room,
  roomWindow,
  shadow,
  splashback,
} from "../lib/cover/rooms.ts";
import {
  browserWindow,
  halo,
  magnifier,
  resultRow,
  searchBar,
  speechBubble,
  star,
  talkingDots,
  videoTile,
} from "../lib/cover/screens.ts";
import {
  book,
  checklist,
  deskLamp,
  laptop,
  notebook,
  pencil,
  type Screen,
  textBar,
  wallCalendar,
  wallClock,
  weeklyPlanner,
} from "../lib/cover/stationery.ts";
import { cup, mug, pottedPlant, steam } from "../lib/furniture.ts";
import { cloud, sky, tree } from "../lib/nature.ts";
import { fill } from "../lib/patterns.ts";
import { darken, ellipse, group, ink, lighten, mix, palette, polygon, rect, tone } from "../lib/svg.ts";
import { terraceRow } from "./streets.ts";

const W = 1260;
const H = 750;

/** A plain wall filling the whole cover. */
const wall = (color: string) => rect(0, 0, W, H, { fill: color });

/** A mug of something hot, steaming. */
const hotMug = (x: number, baseY: number, s: number, color: string) =>
  group(shadow(x, baseY, s * 0.55), mug(x, baseY, s, color), steam(x, baseY - s * 1.05, s * 0.7));

/** A cup and saucer, steaming. */
const hotCup = (x: number, baseY: number, s: number) =>
  group(shadow(x, baseY, s * 0.8), cup(x, baseY, s), steam(x, baseY - s * 0.7, s * 0.8));

/** A tidy desk by a window with a laptop and a plant. */
export function deskByWindow() {
  const edge = 545;
  const on = edge - 32;
  return group(
    room({ width: W, height: H, floorY: 610, wall: mix(palette.paper, palette.sage, 0.14) }),
    roomWindow(330, 70, 520, 320, { view: "day", seed: "desk-window", cols: 3 }),
    desk(150, edge, 960, 730, { drawers: "right" }),
    book(230, on, 160, 24, palette.green),
    book(242, on - 24, 136, 22, palette.sand),
    laptop(600, on, 330),
    hotMug(820, on, 58, palette.sage),
    pottedPlant(975, on, 240, "leafy", "desk-plant"),
  );
}

/** The corner of a home office: lamp, notebook, coffee and a wall calendar. */
export function homeOfficeCorner() {
  const edge = 560;
  const on = edge - 34;
  const corner = 250;
  const side = darken(mix(palette.paper, palette.sand, 0.22), 0.06);
  return group(
    room({ width: W, height: H, floorY: 600, wall: mix(palette.paper, palette.sand, 0.22) }),
    polygon(
      [
        [0, 0],
        [corner, 0],
        [corner, 600],
        [0, 710],
      ],
      { fill: side, ...ink(1.2) },
    ),
    pottedPlant(130, 720, 300, "fern", "corner-fern"),
    wallCalendar(760, 110, 290, 300, [9, 17, 18], palette.green),
    desk(300, edge, 900, 740, { drawers: "left" }),
    deskLamp(410, on - 6, 300, palette.green),
    notebook(660, on + 4, 280),
    pencil(700, on - 30, 150, -12),
    hotCup(930, on - 4, 62),
  );
}

const tileBackgrounds = [
  mix(palette.sage, palette.paper, 0.45),
  mix(palette.sand, palette.paper, 0.35),
  mix(palette.slate, palette.paper, 0.55),
  mix(palette.brick, palette.paper, 0.55),
];
const team: Look[] = [looks.brick, looks.sage, looks.sand, looks.green];

/** A video call: four people in a two-by-two grid. */
const callScreen: Screen = (x, y, w, h) => {
  const gap = w * 0.025;
  const tw = (w - gap * 3) / 2;
  const th = (h - gap * 3) / 2;
  return group(
    rect(x, y, w, h, { fill: darken(palette.slate, 0.35) }),
    ...team.map((look, i) =>
      videoTile(
        x + gap + (i % 2) * (tw + gap),
        y + gap + Math.floor(i / 2) * (th + gap),
        tw,
        th,
        look,
        tileBackgrounds[i] ?? palette.stone,
      ),
    ),
  );
};

/** A laptop showing a friendly video call, with a checklist beside it. */
export function remoteTeam() {
  const edge = 650;
  return group(
    wall(mix(palette.paper, palette.stone, 0.55)),
    desk(-20, edge, W + 40, 800, { depth: 120 }),
    pottedPlant(120, edge - 50, 230, "leafy", "team-plant"),
    laptop(560, edge - 40, 620, callScreen),
    checklist(950, 250, 250, 330, [true, true, true, false]),
    hotMug(1120, edge - 24, 54, palette.brick),
  );
}

/** A large wall clock beside a weekly planner with coloured blocks and a pencil. */
export function clockAndPlanner() {
  const edge = 690;
  const { sage, sand, brick, slate } = palette;
  const soft = mix(palette.slate, palette.paper, 0.45);
  return group(
    wall(mix(palette.paper, palette.sage, 0.1)),
    wallClock(320, 320, 200, 10, 10),
    weeklyPlanner(620, 110, 560, 440, [
      { day: 0, start: 0, span: 2, color: sage },
      { day: 0, start: 4, span: 1, color: sand },
      { day: 1, start: 1, span: 3, color: brick },
      { day: 2, start: 0, span: 1, color: soft },
      { day: 2, start: 3, span: 2, color: sage },
      { day: 3, start: 2, span: 2, color: sand },
      { day: 3, start: 5, span: 2, color: slate },
      { day: 4, start: 0, span: 3, color: sage },
      { day: 4, start: 6, span: 1, color: brick },
      { day: 5, start: 2, span: 2, color: lighten(sand, 0.3) },
    ]),
    desk(-20, edge, W + 40, 800, { depth: 90 }),
    pencil(780, edge - 40, 300, -5),
    pottedPlant(140, edge - 40, 170, "herb", "clock-herb"),
  );
}

/** A round floor cushion seen from the front. */
function cushion(cx: number, baseY: number, w: number, color: string) {
  const h = w * 0.2;
  return group(
    shadow(cx, baseY, w * 0.56, w * 0.06),
    rect(cx - w / 2, baseY - h, w, h, { rx: h / 2, fill: darken(color, 0.1), ...ink(1.5) }),
    ellipse(cx, baseY - h, w / 2, h * 0.45, { fill: color, ...ink(1.5) }),
  );
}

/** A person meditating on a cushion beside a window in soft morning light. */
export function meditation() {
  const floorY = 560;
  const seat = 668;
  return group(
    room({
      width: W,
      height: H,
      floorY,
      wall: mix(palette.paper, palette.sand, 0.16),
      floor: tone.woodLight,
    }),
    lightPool(
      [
        [770, 70],
        [1090, 70],
        [1090, 450],
        [720, 740],
        [260, 740],
      ],
      0.5,
      tone.white,
    ),
    roomWindow(770, 70, 320, 380, { view: "morning", seed: "meditation-window", rows: 3 }),
    ellipse(470, 690, 340, 46, { fill: mix(palette.stone, palette.sage, 0.25), ...ink(1.2) }),
    cushion(470, 705, 320, palette.brick),
    crossLegged(470, seat, 380, looks.sage),
    pottedPlant(1150, 700, 190, "leafy", "meditation-plant"),
  );
}

/** A kitchen bench with a water bottle, a keep cup, pantry jars and a herb pot. */
export function kitchenBenchScene() {
  const top = 480;
  const on = top - 26;
  return group(
    wall(mix(palette.paper, palette.stone, 0.45)),
    splashback(290, W, top - 290),
    roomWindow(740, 50, 400, 190, { view: "day", seed: "kitchen-window", cols: 3, rows: 1 }),
    kitchenBench(-10, top, W + 20, H + 10),
    jar(180, on, 110, 200, { staple: "lentils", seed: "jar-lentils" }),
    jar(310, on, 100, 160, { staple: "pasta", seed: "jar-pasta", level: 0.8 }),
    jar(430, on, 96, 230, { staple: "oats", seed: "jar-oats", level: 0.6 }),
    waterBottle(620, on, 280, palette.green),
    keepCup(790, on, 140, palette.sage),
    pottedPlant(1010, on, 190, "herb", "kitchen-herbs"),
  );
}

/** A calm bedroom at night: a made bed, a crescent moon, a closed book by the bed. */
export function bedroomAtNight() {
  const floorY = 600;
  const night = mix(tone.night, palette.paper, 0.14);
  return group(
    room({ width: W, height: H, floorY, wall: night, floor: darken(tone.wood, 0.4) }),
    roomWindow(660, 70, 360, 310, {
      view: "night",
      seed: "bedroom-window",
      frame: mix(palette.paper, night, 0.3),
    }),
    lightPool(
      [
        [560, 640],
        [900, 640],
        [820, 740],
        [420, 740],
      ],
      0.1,
    ),
    bedsideTable(60, 710, 190, 230, darken(tone.wood, 0.15)),
    book(95, 472, 120, 20, palette.sage),
    bed(290, 710, 900, {
      cover: mix(palette.sage, palette.slate, 0.3),
      sheet: mix(palette.paper, palette.stone, 0.3),
    }),
  );
}

/** A blank name card: a round picture and two bars. */
function nameCard(cx: number, cy: number, w: number, h: number) {
  return group(
    rect(cx - w / 2, cy - h / 2, w, h, { rx: 10, fill: tone.white, ...ink(1.8) }),
    ellipse(cx - w * 0.26, cy, h * 0.26, h * 0.26, { fill: palette.sage, ...ink(1.2) }),
    textBar(cx - w * 0.04, cy - h * 0.16, w * 0.4, h * 0.12, palette.green),
    textBar(cx - w * 0.04, cy + h * 0.06, w * 0.3, h * 0.09, palette.stone),
  );
}

/** A person holding up a name card in front of a large speech bubble with a star. */
export function nameCardAndBubble() {
  const cx = 360;
  const shoulderY = 480;
  const s = 320;
  const look = looks.brick;
  const card = { cx, cy: 610, w: 260, h: 150 };
  const arm = (side: 1 | -1) =>
    limb(
      [
        [cx + side * s * 0.4, shoulderY + 40],
        [cx + side * s * 0.48, 700],
        [cx + side * (card.w / 2 - 6), card.cy + 20],
      ],
      42,
      darken(look.top, 0.08),
    );
  return group(
    wall(mix(palette.paper, palette.sand, 0.2)),
    halo(cx, shoulderY - 40, 300),
    speechBubble(430, 70, 720, 400, { tail: "left" }),
    star(800, 270, 120),
    star(1030, 150, 26, { fill: palette.sage }),
    star(590, 390, 18, { fill: palette.brick }),
    bust(cx, shoulderY, s, H + 20, look),
    arm(-1),
    arm(1),
    nameCard(card.cx, card.cy, card.w, card.h),
    hand(cx - card.w / 2 + 4, card.cy + 14, 20, look),
    hand(cx + card.w / 2 - 4, card.cy + 14, 20, look),
  );
}

/** A leafy Woollahra street, softened so the people in front stand out. */
function leafyStreet(groundY: number) {
  return group(
    sky(W, groundY, tone.sky),
    cloud(880, 90, 180),
    terraceRow(-60, groundY, 7, 0.95, 1),
    tree(190, groundY + 30, { height: 470, seed: "cafe-tree-1" }),
    tree(1080, groundY + 30, { height: 450, seed: "cafe-tree-2" }),
    rect(0, 0, W, groundY + 30, { fill: palette.paper, "fill-opacity": 0.35 }),
    rect(0, groundY + 30, W, H - groundY - 30, { fill: fill("paving") }),
  );
}

/** One of the pair at the café table: chair and sitter, facing right unless mirrored. */
function sitter(x: number, look: Look, mirror: boolean) {
  const seatY = 610;
  const floorY = 720;
  return place(x, 0, group(cafeChair(seatY, floorY), seatedProfile(seatY, floorY, 300, look)), 1, mirror);
}

/** Two people chatting over coffee at a small café table on a leafy street. */
export function cafeChat() {
  return group(
    leafyStreet(500),
    shadow(630, 724, 300, 18),
    cafeTable(630, 560, 720, 120),
    cup(555, 558, 40),
    cup(705, 558, 40),
    sitter(440, looks.sage, false),
    sitter(820, looks.brick, true),
    speechBubble(260, 150, 230, 120, { tail: "right" }),
    talkingDots(375, 210, 11),
    speechBubble(790, 120, 250, 130, { tail: "left", fill: lighten(palette.stone, 0.4) }),
    textBar(825, 160, 170, 16, palette.sage),
    textBar(825, 195, 120, 16, palette.sand),
  );
}

/** A browser with a search bar and a magnifying glass above results, one highlighted. */
export function searchResults() {
  const x = 150;
  const y = 80;
  return group(
    wall(mix(palette.paper, palette.sage, 0.12)),
    halo(1060, 150, 260, lighten(palette.sage, 0.55)),
    browserWindow(
      x,
      y,
      900,
      600,
      group(
        searchBar(x + 80, y + 100, 640, 78),
        resultRow(x + 100, y + 240, 680, false, 0),
        resultRow(x + 100, y + 360, 680, true, 1),
        resultRow(x + 100, y + 480, 680, false, 2),
      ),
    ),
    magnifier(960, 215, 90, 40),
    pottedPlant(1170, 735, 260, "fern", "seo-fern"),
  );
}

/** Each sample article's cover, by the `cover` name in its front matter. */
export const coverDrawings: Record<string, () => string> = {
  "stay-productive-short": deskByWindow,
  "stay-productive-long": homeOfficeCorner,
  "managing-remote-team": remoteTeam,
  "time-management": clockAndPlanner,
  "meditation-beginners": meditation,
  "sustainable-living": kitchenBenchScene,
  "sleep-mental-health": bedroomAtNight,
  "personal-branding": nameCardAndBubble,
  networking: cafeChat,
  "seo-in-2024": searchResults,
};
