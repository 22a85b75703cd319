// Covers for the sample blog articles (1260×750): calm still lifes in the house style.
import { windowAt } from "../lib/architecture.ts";
import { cup, mug, pottedPlant, steam } from "../lib/furniture.ts";
import { tree } from "../lib/nature.ts";
import { fill } from "../lib/patterns.ts";
import {
  circle,
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

const W = 1260;
const H = 750;

function wallAndDesk(wall: string, deskY = 520) {
  return group(
    rect(0, 0, W, deskY, { fill: wall }),
    rect(0, deskY, W, 26, { fill: tone.wood, ...ink(1.6) }),
    rect(0, deskY + 26, W, H, { fill: mix(tone.wood, palette.paper, 0.45) }),
  );
}

function laptop(x: number, baseY: number, w: number) {
  const h = w * 0.62;
  return group(
    rect(x, baseY - h, w, h, { fill: palette.slate, rx: 10, ...ink(1.6) }),
    rect(x + 14, baseY - h + 14, w - 28, h - 34, { fill: tone.glass }),
    path(`M${x - 40} ${baseY}H${x + w + 40}L${x + w + 20} ${baseY + 16}H${x - 20}Z`, {
      fill: tone.chrome,
      ...ink(1.4),
    }),
  );
}

/** A faceless figure: head and shoulders, optionally seated. */
function figure(cx: number, topY: number, scale: number, shirt: string) {
  const r = 46 * scale;
  return group(
    circle(cx, topY + r, r, { fill: tone.skin, ...ink(1.4) }),
    path(
      `M${cx - r} ${topY + r * 0.8}Q${cx} ${topY - r * 0.4} ${cx + r} ${topY + r * 0.8}Q${cx} ${topY + r * 0.1} ${cx - r} ${topY + r * 0.8}Z`,
      {
        fill: palette.slate,
      },
    ),
    path(
      `M${cx - r * 2.1} ${topY + r * 5.2}Q${cx - r * 2.1} ${topY + r * 2.3} ${cx} ${topY + r * 2.2}Q${cx + r * 2.1} ${topY + r * 2.3} ${cx + r * 2.1} ${topY + r * 5.2}Z`,
      { fill: shirt, ...ink(1.4) },
    ),
  );
}

function notebook(x: number, baseY: number) {
  return group(
    rect(x, baseY - 14, 150, 14, { fill: palette.brick, rx: 3, ...ink(1.2) }),
    rect(x + 10, baseY - 24, 130, 10, { fill: palette.paper, ...ink(1) }),
  );
}

function clock(cx: number, cy: number, r: number) {
  return group(
    circle(cx, cy, r, { fill: palette.paper, ...ink(6, palette.green) }),
    ...repeat(12, (i) => {
      const a = (i * Math.PI) / 6;
      return line(
        cx + Math.sin(a) * r * 0.8,
        cy - Math.cos(a) * r * 0.8,
        cx + Math.sin(a) * r * 0.92,
        cy - Math.cos(a) * r * 0.92,
        ink(4),
      );
    }),
    line(cx, cy, cx + r * 0.45, cy - r * 0.2, ink(7)),
    line(cx, cy, cx - r * 0.1, cy - r * 0.7, ink(5)),
    circle(cx, cy, 8, { fill: palette.brick }),
  );
}

function planner(x: number, y: number, w: number, h: number) {
  const colours = [palette.sage, palette.sand, palette.brick, mix(palette.sage, palette.paper, 0.4)];
  return group(
    rect(x, y, w, h, { fill: palette.paper, ...ink(1.6) }),
    rect(x, y, w, 40, { fill: palette.green }),
    ...repeat(6, (i) =>
      line(x + (w / 7) * (i + 1), y + 40, x + (w / 7) * (i + 1), y + h, ink(1, palette.stone)),
    ),
    ...repeat(9, (i) =>
      rect(x + (w / 7) * ((i * 3) % 7) + 6, y + 60 + ((i * 53) % (h - 110)), w / 7 - 12, 40, {
        fill: colours[i % colours.length],
        rx: 6,
      }),
    ),
  );
}

function speechBubble(x: number, y: number, w: number, h: number, colour: string) {
  return path(
    `M${x + 20} ${y}H${x + w - 20}Q${x + w} ${y} ${x + w} ${y + 20}V${y + h - 20}Q${x + w} ${y + h} ${x + w - 20} ${y + h}H${x + 70}L${x + 30} ${y + h + 40}L${x + 40} ${y + h}H${x + 20}Q${x} ${y + h} ${x} ${y + h - 20}V${y + 20}Q${x} ${y} ${x + 20} ${y}Z`,
    { fill: colour, ...ink(1.6) },
  );
}

function jar(x: number, baseY: number, h: number, contents: string) {
  return group(
    rect(x, baseY - h, 70, h, { fill: lighten(tone.glass, 0.4), rx: 10, ...ink(1.4) }),
    rect(x + 6, baseY - h * 0.7, 58, h * 0.7 - 6, { fill: contents, rx: 6 }),
    rect(x - 4, baseY - h - 14, 78, 16, { fill: tone.wood, rx: 4, ...ink(1.2) }),
  );
}

const covers: Record<string, () => string> = {
  "stay-productive-short": () =>
    group(
      wallAndDesk(lighten(palette.sage, 0.65)),
      windowAt(760, 70, 360, 380, { head: "flat", bars: "sash", surround: palette.paper }),
      laptop(300, 520, 360),
      pottedPlant(1000, 520, 200, "leafy", "short"),
      mug(760, 520, 60),
    ),
  "stay-productive-long": () =>
    group(
      wallAndDesk(lighten(palette.sand, 0.6)),
      planner(780, 90, 360, 300),
      path("M220 520L260 330L340 300", { fill: "none", ...ink(8, palette.slate) }),
      path("M290 300Q340 250 400 300Z", { fill: palette.green, ...ink(1.4) }),
      circle(360, 330, 60, { fill: palette.sand, "fill-opacity": 0.25 }),
      notebook(430, 520),
      cup(650, 520, 46),
      steam(650, 450, 30),
    ),
  "managing-remote-team": () =>
    group(
      wallAndDesk(lighten(palette.stone, 0.4)),
      rect(270, 60, 560, 400, { fill: palette.slate, rx: 14, ...ink(1.8) }),
      ...repeat(4, (i) => {
        const x = 295 + (i % 2) * 262;
        const y = 85 + Math.floor(i / 2) * 180;
        return group(
          rect(x, y, 248, 165, {
            fill: [palette.sage, palette.sand, palette.stone, mix(palette.brick, palette.paper, 0.5)][
              i
            ] as string,
          }),
          figure(
            x + 124,
            y + 40,
            0.55,
            [palette.green, palette.brick, palette.slate, palette.green][i] as string,
          ),
        );
      }),
      rect(520, 460, 60, 60, { fill: palette.slate }),
      rect(900, 250, 230, 270, { fill: palette.paper, ...ink(1.6) }),
      ...repeat(4, (i) =>
        group(
          rect(925, 285 + i * 56, 26, 26, { fill: "none", ...ink(3, palette.green) }),
          line(970, 298 + i * 56, 1100, 298 + i * 56, ink(5, palette.stone)),
        ),
      ),
      ...repeat(3, (i) =>
        path(`M929 ${298 + i * 56}l8 8l14 -16`, { fill: "none", ...ink(4, palette.brick) }),
      ),
    ),
  "time-management": () =>
    group(
      rect(0, 0, W, H, { fill: lighten(palette.stone, 0.45) }),
      clock(330, 330, 210),
      planner(640, 130, 460, 420),
      path("M1120 580L1180 420", ink(10, palette.sand)),
      rect(0, 640, W, 110, { fill: tone.wood }),
    ),
  "meditation-beginners": () =>
    group(
      rect(0, 0, W, 600, { fill: lighten(palette.sand, 0.7) }),
      windowAt(140, 80, 300, 380, { head: "arch", bars: "sash", surround: palette.paper }),
      circle(290, 220, 50, { fill: palette.sand, "fill-opacity": 0.5 }),
      rect(0, 600, W, 150, { fill: mix(palette.sand, palette.paper, 0.4) }),
      ellipse(700, 620, 200, 40, { fill: palette.sage, ...ink(1.6) }),
      figure(700, 300, 1.2, palette.green),
      path("M500 600Q700 520 900 600Z", { fill: palette.green, ...ink(1.6) }),
      pottedPlant(1050, 640, 240, "fern", "meditate"),
    ),
  "sustainable-living": () =>
    group(
      rect(0, 0, W, 480, { fill: fill("tilesWall") }),
      rect(0, 480, W, 40, { fill: tone.wood, ...ink(1.6) }),
      rect(0, 520, W, H, { fill: palette.green }),
      jar(150, 480, 180, palette.sand),
      jar(250, 480, 140, mix(palette.brick, palette.sand, 0.5)),
      jar(350, 480, 200, palette.stone),
      rect(540, 240, 80, 240, { fill: palette.sage, rx: 30, ...ink(1.6) }),
      rect(555, 210, 50, 40, { fill: palette.slate, rx: 8 }),
      cup(760, 480, 70),
      pottedPlant(990, 480, 220, "herb", "sustain"),
    ),
  "sleep-mental-health": () =>
    group(
      rect(0, 0, W, H, { fill: mix(palette.slate, palette.green, 0.4) }),
      windowAt(760, 80, 340, 340, {
        head: "flat",
        bars: "sash",
        surround: lighten(palette.slate, 0.5),
        glass: mix(palette.slate, "#1f2a26", 0.4),
      }),
      path("M960 150a60 60 0 1 0 40 100a48 48 0 1 1 -40 -100Z", { fill: palette.stone }),
      ...[820, 880, 1050].map((x, i) => circle(x, 130 + i * 40, 4, { fill: palette.stone })),
      rect(120, 460, 620, 170, { fill: palette.paper, rx: 20, ...ink(1.6) }),
      rect(120, 430, 220, 70, { fill: lighten(palette.stone, 0.3), rx: 30, ...ink(1.6) }),
      rect(280, 470, 460, 160, { fill: palette.sage, rx: 16, ...ink(1.6) }),
      rect(80, 330, 40, 330, { fill: tone.wood, ...ink(1.6) }),
      rect(800, 520, 180, 140, { fill: tone.wood, ...ink(1.6) }),
      rect(830, 500, 110, 20, { fill: palette.brick, ...ink(1.2) }),
      rect(0, 660, W, 90, { fill: mix(palette.slate, palette.green, 0.2) }),
    ),
  "personal-branding": () =>
    group(
      rect(0, 0, W, H, { fill: lighten(palette.sand, 0.55) }),
      speechBubble(560, 100, 560, 340, palette.paper),
      polygon(
        repeat(10, (i) => {
          const a = (i * Math.PI) / 5 - Math.PI / 2;
          const r = i % 2 ? 50 : 110;
          return `${840 + Math.cos(a) * r},${270 + Math.sin(a) * r} `;
        })
          .trim()
          .split(" ")
          .map((pt) => pt.split(",").map(Number) as [number, number]),
        { fill: palette.sand, ...ink(2) },
      ),
      figure(320, 220, 1.3, palette.green),
      rect(260, 470, 200, 120, { fill: palette.paper, rx: 8, ...ink(1.6), transform: "rotate(-6 360 530)" }),
      rect(285, 500, 120, 14, { fill: palette.brick, transform: "rotate(-6 360 530)" }),
      rect(285, 530, 150, 10, { fill: palette.stone, transform: "rotate(-6 360 530)" }),
    ),
  networking: () =>
    group(
      rect(0, 0, W, 560, { fill: lighten(palette.sage, 0.6) }),
      tree(180, 560, { height: 420, seed: "network-a" }),
      tree(1100, 560, { height: 380, seed: "network-b" }),
      rect(0, 560, W, H, { fill: fill("paving") }),
      figure(430, 250, 1.05, palette.brick),
      figure(830, 250, 1.05, palette.green),
      rect(470, 470, 320, 22, { fill: tone.wood, ...ink(1.6) }),
      rect(620, 492, 20, 190, { fill: palette.slate }),
      cup(560, 470, 40),
      cup(700, 470, 40),
      speechBubble(300, 70, 170, 90, palette.paper),
      speechBubble(800, 60, 190, 100, palette.stone),
    ),
  "seo-in-2024": () =>
    group(
      rect(0, 0, W, H, { fill: lighten(palette.slate, 0.75) }),
      rect(170, 80, 920, 580, { fill: palette.paper, rx: 16, ...ink(2) }),
      rect(170, 80, 920, 56, { fill: palette.stone, rx: 16 }),
      ...[210, 240, 270].map((x, i) =>
        circle(x, 108, 9, { fill: [palette.brick, palette.sand, palette.sage][i] as string }),
      ),
      rect(290, 180, 620, 56, { fill: palette.paper, rx: 28, ...ink(2, palette.slate) }),
      ...repeat(4, (i) =>
        group(
          rect(290, 280 + i * 90, 620, 70, {
            fill: i === 1 ? lighten(palette.sand, 0.5) : palette.paper,
            rx: 8,
            ...ink(1.2, i === 1 ? palette.sand : palette.stone),
          }),
          line(315, 302 + i * 90, 560 - i * 30, 302 + i * 90, ink(8, palette.green)),
          line(315, 328 + i * 90, 820 - i * 40, 328 + i * 90, ink(5, palette.stone)),
        ),
      ),
      circle(930, 380, 95, {
        fill: lighten(tone.glass, 0.5),
        "fill-opacity": 0.6,
        ...ink(14, palette.slate),
      }),
      line(998, 448, 1090, 540, ink(26, palette.slate)),
    ),
};

/** The cover drawing for a sample article, by its `cover` name. */
export function blogCover(name: string): string {
  const draw = covers[name];
  if (!draw) throw new Error(`no cover drawing named "${name}"`);
  return draw();
}
