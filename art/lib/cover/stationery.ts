// Things on and above a desk: laptop, lamp, notebook, pencil, books, a clipboard,
// and for the wall a clock, a calendar and a weekly planner. No lettering anywhere:
// where a page would carry words it carries soft bars instead.
import { place } from "../architecture.ts";
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
  polyline,
  rect,
  repeat,
  tone,
} from "../svg.ts";
import { clipped, shadow } from "./rooms.ts";

/** A rounded bar standing in for a line of text. */
export const textBar = (x: number, y: number, w: number, h: number, color: string = palette.stone) =>
  rect(x, y, w, h, { rx: h / 2, fill: color });

/** Widths (as fractions) that make a column of text bars look natural. */
export const barWidths = [0.92, 0.74, 0.86, 0.58, 0.8, 0.66] as const;

/** A screen's content: drawn into the rectangle (x, y, w, h). */
export type Screen = (x: number, y: number, w: number, h: number) => string;

/** Default screen: a document with a heading bar, a picture and lines of text. */
export const documentScreen: Screen = (x, y, w, h) => {
  const pad = w * 0.08;
  const lineH = h * 0.055;
  return group(
    rect(x, y, w, h, { fill: tone.white }),
    textBar(x + pad, y + pad, w * 0.45, lineH * 1.4, palette.sage),
    rect(x + pad, y + pad * 2.2, w * 0.34, h * 0.42, { rx: 6, fill: lighten(palette.sage, 0.55) }),
    ...barWidths.map((k, i) =>
      textBar(x + w * 0.48, y + pad * 2.2 + i * lineH * 1.9, (w * 0.52 - pad) * k, lineH),
    ),
  );
};

/** An open laptop standing on baseY, w wide; `screen` draws what it shows. */
export function laptop(cx: number, baseY: number, w: number, screen: Screen = documentScreen) {
  const h = w * 0.64;
  const hinge = w * 0.03;
  const top = baseY - hinge - h;
  const bezel = w * 0.04;
  const x = cx - w / 2;
  return group(
    shadow(cx, baseY, w * 0.6, w * 0.035),
    rect(x, top, w, h, { rx: w * 0.03, fill: palette.slate, ...ink(1.6) }),
    clipped(
      x + bezel,
      top + bezel,
      w - 2 * bezel,
      h - 2 * bezel,
      screen(x + bezel, top + bezel, w - 2 * bezel, h - 2 * bezel),
    ),
    polygon(
      [
        [cx - w * 0.56, baseY],
        [cx + w * 0.56, baseY],
        [cx + w * 0.5, baseY - hinge],
        [cx - w * 0.5, baseY - hinge],
      ],
      { fill: tone.chrome, ...ink(1.4) },
    ),
    rect(cx - w * 0.08, baseY - hinge, w * 0.16, hinge * 0.45, { rx: 2, fill: darken(tone.chrome, 0.15) }),
  );
}

/** An angled desk lamp standing on (x, baseY), s tall, its shade facing right (or left). */
export function deskLamp(
  x: number,
  baseY: number,
  s: number,
  color: string = palette.green,
  facing: "left" | "right" = "right",
) {
  const elbow: Pt = [-s * 0.26, -s * 0.55];
  const head: Pt = [s * 0.14, -s * 0.88];
  const a = s * 0.2;
  const b = s * 0.17;
  const shade = g(
    { transform: `translate(${head[0]} ${head[1]}) rotate(-18) translate(0 ${b})` },
    polygon(
      [
        [-a, 0],
        [a, 0],
        [a * 2, s * 0.64],
        [-a * 2, s * 0.64],
      ],
      { fill: lighten(palette.sand, 0.6), "fill-opacity": 0.35 },
    ),
    path(`M${-a} 0Q${-a} ${-b} 0 ${-b}Q${a} ${-b} ${a} 0Z`, { fill: color, ...ink(1.5) }),
    rect(-a * 0.35, -2, a * 0.7, 6, { rx: 3, fill: lighten(palette.sand, 0.5) }),
  );
  const lamp = group(
    shade,
    polyline([[0, -s * 0.04], elbow, head], ink(s * 0.03, color)),
    circle(elbow[0], elbow[1], s * 0.025, { fill: darken(color, 0.3) }),
    rect(-s * 0.16, -s * 0.05, s * 0.32, s * 0.05, { rx: s * 0.02, fill: color, ...ink(1.4) }),
  );
  return group(shadow(x, baseY, s * 0.2), place(x, baseY, lamp, 1, facing === "left"));
}

/** An open notebook lying flat, its near edge on baseY, with ruled lines on both pages. */
export function notebook(cx: number, baseY: number, w: number, cover: string = palette.brick) {
  const d = w * 0.26;
  const k = w * 0.05;
  const sheet = (grow: number): Pt[] => [
    [cx - w / 2 - grow, baseY + grow * 0.6],
    [cx + w / 2 + grow, baseY + grow * 0.6],
    [cx + w / 2 - k + grow * 0.7, baseY - d - grow * 0.4],
    [cx - w / 2 + k - grow * 0.7, baseY - d - grow * 0.4],
  ];
  const rule = (i: number) => {
    const t = (i + 1) / 6;
    const y = baseY - d * t;
    const edge = w / 2 - k * t - 12;
    return group(
      line(cx - edge, y, cx - 12, y, ink(1.2, mix(palette.slate, palette.paper, 0.6))),
      line(cx + 12, y, cx + edge * (i === 4 ? 0.5 : 1), y, ink(1.2, mix(palette.slate, palette.paper, 0.6))),
    );
  };
  return group(
    shadow(cx, baseY + 6, w * 0.55),
    polygon(sheet(8), { fill: cover, ...ink(1.4) }),
    polygon(sheet(0), { fill: tone.white, ...ink(1.2) }),
    repeat(5, rule),
    line(cx, baseY, cx, baseY - d, ink(1.4, mix(palette.slate, palette.paper, 0.4))),
  );
}

/** A pencil from its eraser end at (x, y), len long, rotated by `angle` degrees. */
export function pencil(x: number, y: number, len: number, angle: number, color: string = palette.sand) {
  const w = len * 0.075;
  return g(
    { transform: `translate(${x} ${y}) rotate(${angle})` },
    rect(0, -w / 2, len * 0.1, w, { rx: w * 0.3, fill: mix(palette.brick, palette.paper, 0.3), ...ink(1.2) }),
    rect(len * 0.09, -w / 2, len * 0.07, w, { fill: tone.chrome, ...ink(1.2) }),
    rect(len * 0.16, -w / 2, len * 0.66, w, { fill: color, ...ink(1.2) }),
    line(len * 0.17, 0, len * 0.81, 0, ink(1, darken(color, 0.2))),
    polygon(
      [
        [len * 0.82, -w / 2],
        [len, 0],
        [len * 0.82, w / 2],
      ],
      { fill: tone.woodLight, ...ink(1.2) },
    ),
    polygon(
      [
        [len * 0.94, -w * 0.17],
        [len, 0],
        [len * 0.94, w * 0.17],
      ],
      { fill: palette.slate },
    ),
  );
}

/** A closed book lying flat: cover on top, page edges towards the viewer. */
export function book(x: number, baseY: number, w: number, h: number, color: string) {
  return group(
    polygon(
      [
        [x, baseY - h],
        [x + w, baseY - h],
        [x + w - 10, baseY - h - 22],
        [x + 10, baseY - h - 22],
      ],
      { fill: color, ...ink(1.4) },
    ),
    rect(x, baseY - h, w, h, { rx: 3, fill: darken(color, 0.1), ...ink(1.4) }),
    rect(x + 4, baseY - h * 0.74, w - 4, h * 0.5, { fill: tone.white, ...ink(1) }),
    line(x + 8, baseY - h / 2, x + w - 4, baseY - h / 2, ink(0.8, palette.stone)),
  );
}

/** A clipboard with a checklist: a box per row, ticked where `ticks` says so. */
export function checklist(x: number, y: number, w: number, h: number, ticks: readonly boolean[]) {
  const px = x + w * 0.08;
  const py = y + h * 0.1;
  const pw = w * 0.84;
  const step = (h * 0.8) / ticks.length;
  const box = Math.min(step * 0.5, 34);
  const row = (done: boolean, i: number) => {
    const by = py + step * (i + 0.5) - box / 2;
    const bx = px + pw * 0.1;
    return group(
      rect(bx, by, box, box, { rx: 5, fill: tone.white, ...ink(2) }),
      done
        ? polyline(
            [
              [bx + box * 0.2, by + box * 0.5],
              [bx + box * 0.45, by + box * 0.75],
              [bx + box * 0.95, by - box * 0.05],
            ],
            ink(4, palette.green),
          )
        : "",
      textBar(
        bx + box * 1.6,
        by + box * 0.3,
        (pw * 0.9 - box * 1.8) * (barWidths[i] ?? 0.7),
        box * 0.4,
        done ? palette.stone : mix(palette.slate, palette.paper, 0.55),
      ),
    );
  };
  return group(
    rect(x + 8, y + 10, w, h, { rx: 12, fill: palette.slate, "fill-opacity": 0.12 }),
    rect(x, y, w, h, { rx: 12, fill: tone.wood, ...ink(1.6) }),
    rect(px, py, pw, h * 0.86, { rx: 4, fill: tone.white, ...ink(1.2) }),
    ...ticks.map(row),
    rect(x + w * 0.3, y - h * 0.03, w * 0.4, h * 0.08, { rx: 8, fill: tone.chrome, ...ink(1.4) }),
    circle(x + w / 2, y + h * 0.005, h * 0.012, { fill: palette.slate }),
  );
}

/** A round wall clock showing hh:mm, with a soft shadow on the wall. */
export function wallClock(
  cx: number,
  cy: number,
  r: number,
  hh: number,
  mm: number,
  rim: string = palette.green,
) {
  const hand = (turn: number, len: number, width: number, color: string = tone.ink) => {
    const a = turn * Math.PI * 2;
    return line(
      cx - Math.sin(a) * r * 0.12,
      cy + Math.cos(a) * r * 0.12,
      cx + Math.sin(a) * len,
      cy - Math.cos(a) * len,
      ink(width, color),
    );
  };
  const tick = (i: number) => {
    const a = (i / 12) * Math.PI * 2;
    const inner = i % 3 === 0 ? 0.72 : 0.8;
    return line(
      cx + Math.sin(a) * r * inner,
      cy - Math.cos(a) * r * inner,
      cx + Math.sin(a) * r * 0.86,
      cy - Math.cos(a) * r * 0.86,
      ink(i % 3 === 0 ? r * 0.035 : r * 0.02),
    );
  };
  return group(
    circle(cx + r * 0.05, cy + r * 0.07, r * 1.08, { fill: palette.slate, "fill-opacity": 0.12 }),
    circle(cx, cy, r * 1.08, { fill: rim, ...ink(1.8) }),
    circle(cx, cy, r * 0.94, { fill: tone.white, ...ink(1.4) }),
    repeat(12, tick),
    hand(((hh % 12) + mm / 60) / 12, r * 0.48, r * 0.055),
    hand(mm / 60, r * 0.74, r * 0.035),
    hand(0.63, r * 0.78, r * 0.012, palette.brick),
    circle(cx, cy, r * 0.05, { fill: palette.brick, ...ink(1.2) }),
  );
}

/** A hanging wall calendar: a coloured header, a grid of days, some days marked. */
export function wallCalendar(
  x: number,
  y: number,
  w: number,
  h: number,
  marked: readonly number[],
  accent: string = palette.green,
) {
  const head = h * 0.26;
  const cols = 7;
  const rowsN = 5;
  const gx = x + w * 0.07;
  const gy = y + head + h * 0.06;
  const cw = (w * 0.86) / cols;
  const ch = (h - head - h * 0.1) / rowsN;
  const cell = (i: number) => {
    const cx = gx + (i % cols) * cw + cw / 2;
    const cy = gy + Math.floor(i / cols) * ch + ch / 2;
    const s = Math.min(cw, ch) * 0.56;
    return marked.includes(i)
      ? circle(cx, cy, s * 0.75, { fill: palette.brick, ...ink(1.2) })
      : rect(cx - s / 2, cy - s / 2, s, s, {
          rx: 3,
          fill: i % cols >= 5 ? lighten(palette.sage, 0.45) : palette.stone,
        });
  };
  const nail: Pt = [x + w / 2, y - h * 0.12];
  return group(
    polyline([[x + w * 0.2, y], nail, [x + w * 0.8, y]], ink(1.4)),
    circle(nail[0], nail[1], 5, { fill: palette.slate }),
    rect(x + 8, y + 10, w, h, { fill: palette.slate, "fill-opacity": 0.12 }),
    rect(x, y, w, h, { fill: tone.white, ...ink(1.6) }),
    rect(x, y, w, head, { fill: accent, ...ink(1.6) }),
    textBar(x + w * 0.3, y + head * 0.42, w * 0.4, head * 0.2, lighten(accent, 0.55)),
    ...[0.3, 0.7].map((k) => rect(x + w * k - 4, y - 8, 8, 20, { rx: 4, fill: tone.chrome, ...ink(1.2) })),
    repeat(cols * rowsN, cell),
  );
}

export interface PlannerBlock {
  day: number;
  start: number;
  span: number;
  color: string;
}

/** A weekly planner pinned to the wall: seven day columns and coloured time blocks. */
export function weeklyPlanner(
  x: number,
  y: number,
  w: number,
  h: number,
  blocks: readonly PlannerBlock[],
  slots = 8,
) {
  const head = h * 0.14;
  const gutter = w * 0.08;
  const colW = (w - gutter - w * 0.03) / 7;
  const rowH = (h - head - h * 0.05) / slots;
  const col = (d: number) => x + gutter + d * colW;
  const row = (s: number) => y + head + s * rowH;
  const faint = ink(1, mix(palette.stone, palette.slate, 0.2));
  return group(
    rect(x + 10, y + 12, w, h, { fill: palette.slate, "fill-opacity": 0.12 }),
    rect(x, y, w, h, { fill: tone.white, ...ink(1.6) }),
    rect(col(5), y + head, colW * 2, rowH * slots, { fill: lighten(palette.stone, 0.4) }),
    repeat(7, (d) =>
      textBar(
        col(d) + colW * 0.2,
        y + head * 0.4,
        colW * 0.6,
        head * 0.22,
        d >= 5 ? palette.sage : mix(palette.slate, palette.paper, 0.45),
      ),
    ),
    repeat(slots + 1, (s) => line(x + gutter * 0.5, row(s), x + w - w * 0.03, row(s), faint)),
    repeat(8, (d) => line(col(d), y + head * 0.8, col(d), row(slots), faint)),
    repeat(slots, (s) =>
      textBar(x + gutter * 0.22, row(s) + rowH * 0.15, gutter * 0.45, rowH * 0.12, palette.stone),
    ),
    ...blocks.map((b) =>
      rect(col(b.day) + 5, row(b.start) + 4, colW - 10, rowH * b.span - 8, {
        rx: 7,
        fill: b.color,
        ...ink(1.2, darken(b.color, 0.3)),
      }),
    ),
    ...[0.04, 0.96].map((k) => circle(x + w * k, y + h * 0.035, 7, { fill: palette.brick, ...ink(1.2) })),
  );
}
