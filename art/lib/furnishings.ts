// Indoor furniture and objects drawn in elevation in centimetres: ground (floor or
// table top) at y = 0, centred on x = 0. Stand them in a room with rooms.ts `stand`,
// or position them with architecture.ts `place`.
import { random } from "./random.ts";
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
  translate,
} from "./svg.ts";

/** Outline width in centimetres: about 1.5 px at the usual scale. */
const LW = 0.8;
const o = (w = LW) => ink(w);
const steel = palette.slate;

/** A desk w wide, top surface seen slightly from above; things on it stand at y = -82. */
export function desk(w = 150, opts: { top?: string; frame?: string; drawers?: boolean } = {}) {
  const top = opts.top ?? tone.woodLight;
  const frame = opts.frame ?? steel;
  const x = -w / 2;
  return group(
    rect(x + 5, -74, 3.5, 74, { fill: frame }),
    rect(-x - 8.5, -74, 3.5, 74, { fill: frame }),
    rect(x + 8, -70, w - 16, 2.5, { fill: frame }),
    opts.drawers ? drawerUnit(-x - 52, 42, 66) : "",
    rect(x, -88, w, 12, { fill: lighten(top, 0.35), ...o() }),
    rect(x, -76, w, 4, { fill: top, ...o() }),
  );
}

/** A three-drawer pedestal with its left edge at x. */
export function drawerUnit(x: number, w: number, h: number, color: string = palette.stone) {
  return group(
    rect(x, -h, w, h, { fill: color, ...o() }),
    repeat(3, (k) =>
      group(
        line(x, -h + (h / 3) * k, x + w, -h + (h / 3) * k, o(0.6)),
        rect(x + w / 2 - 5, -h + (h / 3) * k + 6, 10, 1.6, { fill: darken(color, 0.35) }),
      ),
    ),
  );
}

/** A swivel office chair, seen from the front or behind. */
export function officeChair(color: string = palette.green) {
  return group(
    path("M-28 -4L0 -10L28 -4M-14 -2L0 -10L14 -2", { fill: "none", ...ink(2.4, steel) }),
    ...[-28, -14, 14, 28].map((x) => circle(x, -2.5, 2.5, { fill: steel })),
    rect(-2, -46, 4, 38, { fill: steel }),
    rect(-25, -52, 50, 8, { rx: 3, fill: color, ...o() }),
    rect(-3, -70, 6, 20, { fill: steel }),
    rect(-22, -104, 44, 40, { rx: 9, fill: color, ...o() }),
    rect(-18, -100, 36, 6, { rx: 3, fill: lighten(color, 0.2) }),
  );
}

/** A bentwood chair from the front (back legs rising into the backrest) or the side. */
export function woodChair(view: "front" | "side" = "front", color: string = tone.wood) {
  const leg = { fill: color, ...o(0.6) };
  if (view === "side") {
    return group(
      path("M-16 0L-14 -46M14 0L12 -46M-14 -46Q-20 -70 -16 -92", { fill: "none", ...ink(3, color) }),
      path("M-17 -92Q-22 -82 -18 -70", { fill: "none", ...ink(5, color) }),
      rect(-19, -49, 35, 5, { rx: 2, fill: lighten(color, 0.1), ...o(0.6) }),
      path("M-12 -18H11", ink(1.6, color)),
    );
  }
  return group(
    rect(-20, -46, 3, 46, leg),
    rect(17, -46, 3, 46, leg),
    rect(-19, -94, 3, 48, leg),
    rect(16, -94, 3, 48, leg),
    path("M-21 -90Q0 -99 21 -90", { fill: "none", ...ink(5, color) }),
    path("M-18 -72Q0 -78 18 -72", { fill: "none", ...ink(2.5, color) }),
    rect(-23, -49, 46, 6, { rx: 3, fill: lighten(color, 0.12), ...o(0.6) }),
    ellipse(0, -18, 19, 2.5, { fill: "none", ...ink(1.4, color) }),
  );
}

/** A bar stool with a round seat and a foot ring. */
export function stool(h = 66, color: string = palette.green) {
  return group(
    path(`M-14 0L-8 ${-h + 4}M14 0L8 ${-h + 4}M0 0V${-h + 4}`, { fill: "none", ...ink(2.4, steel) }),
    line(-12, -h * 0.35, 12, -h * 0.35, ink(1.8, steel)),
    rect(-17, -h - 3, 34, 7, { rx: 3.5, fill: color, ...o() }),
  );
}

/** A long table: top surface, edge and two trestle legs. Things on it stand at y = -84. */
export function table(w = 240, top: string = tone.wood) {
  const x = -w / 2;
  const trestle = (tx: number) =>
    group(
      polygon(
        [
          [tx - 5, -72],
          [tx + 5, -72],
          [tx + 8, 0],
          [tx - 8, 0],
        ],
        { fill: darken(top, 0.15), ...o(0.6) },
      ),
      rect(tx - 16, -3, 32, 3, { fill: darken(top, 0.25) }),
    );
  return group(
    trestle(x + w * 0.18),
    trestle(-x - w * 0.18),
    rect(x, -92, w, 16, { fill: lighten(top, 0.3), ...o() }),
    rect(x, -76, w, 5, { fill: top, ...o() }),
  );
}

/** A round café table on a pedestal. Things on it stand at y = -78. */
export function roundTable(d = 70, top: string = palette.stone) {
  return group(
    rect(-2.5, -72, 5, 70, { fill: steel }),
    ellipse(0, -2, d * 0.3, 3, { fill: steel }),
    ellipse(0, -76, d / 2, 5, { fill: lighten(top, 0.2), ...o() }),
    rect(-d / 2, -76, d, 3, { fill: top, ...o(0.6) }),
  );
}

/** An open laptop seen from behind its lid, on a surface at y = 0. */
export function laptop(w = 34, color: string = tone.chrome) {
  return group(
    rect(-w / 2 - 1.5, -1.6, w + 3, 1.6, { rx: 0.8, fill: darken(color, 0.15), ...o(0.5) }),
    rect(-w / 2, -w * 0.66, w, w * 0.64, { rx: 1.4, fill: color, ...o(0.6) }),
    line(-w * 0.35, -w * 0.6, w * 0.1, -w * 0.06, {
      stroke: palette.paper,
      "stroke-width": w * 0.08,
      "stroke-opacity": 0.3,
    }),
  );
}

/** A monitor on a stand, its screen facing the viewer with a calm abstract layout. */
export function monitor(w = 56) {
  const h = w * 0.6;
  return group(
    rect(-9, -1.5, 18, 1.5, { fill: steel }),
    rect(-1.6, -16, 3.2, 15, { fill: steel }),
    rect(-w / 2, -16 - h, w, h, { rx: 1.2, fill: darken(palette.slate, 0.15), ...o(0.6) }),
    rect(-w / 2 + 1.8, -14.2 - h, w - 3.6, h - 3.6, { fill: lighten(palette.slate, 0.82) }),
    rect(-w / 2 + 4, -11 - h, w * 0.3, h - 10, { fill: mix(palette.sage, palette.paper, 0.55) }),
    repeat(3, (k) =>
      rect(-w / 2 + 6 + w * 0.3, -10 - h + k * 6, w * 0.45 - k * 6, 2.2, {
        fill: mix(palette.slate, palette.paper, 0.55),
      }),
    ),
  );
}

/** An anglepoise desk lamp. */
export function deskLamp(color: string = palette.green) {
  return group(
    ellipse(0, -1.5, 9, 2.5, { fill: color, ...o(0.6) }),
    path("M0 -3L-8 -26L10 -42", { fill: "none", ...ink(1.8, color) }),
    circle(-8, -26, 1.8, { fill: color }),
    polygon(
      [
        [6, -47],
        [14, -41],
        [24, -30],
        [10, -24],
      ],
      { fill: color, ...o(0.6) },
    ),
    ellipse(18, -27, 7.5, 2, { fill: lighten(palette.sand, 0.6), transform: "rotate(-40 18 -27)" }),
  );
}

/** A row of books standing from x = 0 to w, optionally with one leaning. */
export function books(w: number, seed: string, h = 26) {
  const rnd = random(seed);
  const colors = [
    palette.green,
    palette.sage,
    palette.brick,
    palette.sand,
    palette.slate,
    palette.stone,
    tone.terracotta,
  ];
  let x = 0;
  const out: string[] = [];
  while (x < w - 4) {
    const bw = rnd.range(2.6, 4.6);
    const bh = h * rnd.range(0.72, 1);
    const c = rnd.pick(colors);
    out.push(
      rect(x, -bh, bw, bh, { fill: c, ...o(0.45) }),
      rect(x, -bh * 0.8, bw, bh * 0.06, { fill: lighten(c, 0.4) }),
    );
    x += bw;
  }
  return group(...out);
}

/** Open shelving on the floor: w × h, with books and small objects on each shelf. */
export function shelves(w: number, h: number, seed: string, color: string = tone.woodLight) {
  const n = Math.max(2, Math.round(h / 38));
  const step = h / n;
  const rnd = random(seed);
  const x = -w / 2;
  return group(
    rect(x, -h, w, h, { fill: darken(color, 0.18), ...o() }),
    repeat(n, (k) => {
      const y = -k * step - 4;
      const bw = w * rnd.range(0.35, 0.6);
      const left = rnd.next() > 0.5;
      const bx = left ? x + 4 : -x - 4 - bw;
      const px = left ? -x - 14 : x + 14;
      return group(
        translate(bx, y, books(bw, `${seed}-${k}`, step * 0.7)),
        k % 2 ? vase(px, y, step * 0.45) : pot(px, y, step * 0.5),
      );
    }),
    repeat(n + 1, (k) => rect(x - 1, -k * step - 4, w + 2, 4, { fill: color, ...o(0.6) })),
    rect(x, -h, 3, h, { fill: color, ...o(0.6) }),
    rect(-x - 3, -h, 3, h, { fill: color, ...o(0.6) }),
  );
}

/** A small stoneware vase. */
export function vase(x: number, y: number, h: number, color: string = palette.sage) {
  return path(
    `M${x - h * 0.12} ${y - h}H${x + h * 0.12}Q${x + h * 0.1} ${y - h * 0.7} ${x + h * 0.3} ${y - h * 0.4}Q${x + h * 0.32} ${y} ${x} ${y}Q${x - h * 0.32} ${y} ${x - h * 0.3} ${y - h * 0.4}Q${x - h * 0.1} ${y - h * 0.7} ${x - h * 0.12} ${y - h}Z`,
    { fill: color, ...o(0.6) },
  );
}

/** A little pot with a trailing plant. */
export function pot(x: number, y: number, h: number) {
  return group(
    path(
      `M${x} ${y - h * 0.55}q${-h * 0.5} ${h * 0.1} ${-h * 0.55} ${h * 0.75}M${x} ${y - h * 0.55}q${h * 0.4} ${-h * 0.3} ${h * 0.5} ${h * 0.3}`,
      {
        fill: "none",
        ...ink(h * 0.12, palette.sage),
      },
    ),
    circle(x - h * 0.15, y - h * 0.7, h * 0.26, { fill: palette.sage }),
    circle(x + h * 0.15, y - h * 0.75, h * 0.22, { fill: palette.green }),
    polygon(
      [
        [x - h * 0.3, y - h * 0.5],
        [x + h * 0.3, y - h * 0.5],
        [x + h * 0.22, y],
        [x - h * 0.22, y],
      ],
      { fill: tone.terracotta, ...o(0.6) },
    ),
  );
}

/** A deep low sofa with two cushions. */
export function sofa(w = 190, color: string = palette.sage) {
  const x = -w / 2;
  return group(
    rect(x + 10, -6, 6, 6, { fill: tone.wood }),
    rect(-x - 16, -6, 6, 6, { fill: tone.wood }),
    rect(x + 8, -76, w - 16, 40, { rx: 8, fill: darken(color, 0.1), ...o() }),
    rect(x + 16, -52, (w - 32) / 2, 20, { rx: 6, fill: lighten(color, 0.15), ...o() }),
    rect(0, -52, (w - 32) / 2, 20, { rx: 6, fill: lighten(color, 0.15), ...o() }),
    rect(x, -40, w, 34, { rx: 6, fill: color, ...o() }),
    rect(x - 2, -60, 20, 54, { rx: 8, fill: color, ...o() }),
    rect(-x - 18, -60, 20, 54, { rx: 8, fill: color, ...o() }),
    rect(x + 40, -70, 26, 22, { rx: 5, fill: palette.sand, ...o(), transform: `rotate(-8 ${x + 53} -59)` }),
  );
}

/** A framed abstract painting in screen coordinates. */
export function framedArt(
  x: number,
  y: number,
  w: number,
  h: number,
  seed: string,
  frame: string = tone.wood,
) {
  const m = Math.max(4, Math.min(w, h) * 0.07);
  return group(
    rect(x + 3, y + 4, w, h, { fill: palette.slate, "fill-opacity": 0.12 }),
    rect(x, y, w, h, { fill: frame, ...ink(1.2) }),
    rect(x + m, y + m, w - 2 * m, h - 2 * m, { fill: tone.white }),
    abstractArt(x + m * 1.8, y + m * 1.8, w - 3.6 * m, h - 3.6 * m, seed),
  );
}

/** A calm abstract composition of flat shapes in the house colours. */
export function abstractArt(x: number, y: number, w: number, h: number, seed: string) {
  const rnd = random(seed);
  const colors = [palette.green, palette.sage, palette.brick, palette.sand, palette.slate, palette.lilac];
  const a = rnd.pick(colors);
  const b = rnd.pick(colors.filter((c) => c !== a));
  const bg = rnd.pick([palette.stone, palette.paper, mix(palette.sand, palette.paper, 0.6)]);
  const kinds = [
    // sun over a horizon
    () =>
      group(
        rect(x, y + h * 0.62, w, h * 0.38, { fill: b }),
        circle(x + w * rnd.range(0.3, 0.7), y + h * 0.42, Math.min(w, h) * 0.2, { fill: a }),
      ),
    // stacked colour fields
    () =>
      group(
        rect(x + w * 0.1, y + h * 0.08, w * 0.8, h * 0.5, { fill: a }),
        rect(x + w * 0.1, y + h * 0.64, w * 0.8, h * 0.28, { fill: b }),
      ),
    // a quarter disc rising from one corner
    () =>
      group(
        path(`M${x} ${y + h}V${y + h * 0.3}A${w * 0.7} ${h * 0.7} 0 0 1 ${x + w * 0.7} ${y + h}Z`, {
          fill: a,
        }),
        circle(x + w * 0.78, y + h * 0.26, Math.min(w, h) * 0.12, { fill: b }),
      ),
    // leaning blocks
    () =>
      group(
        rect(x + w * 0.12, y + h * 0.3, w * 0.3, h * 0.7, { fill: a }),
        rect(x + w * 0.48, y + h * 0.12, w * 0.22, h * 0.88, { fill: b }),
        circle(x + w * 0.82, y + h * 0.22, Math.min(w, h) * 0.08, { fill: palette.sand }),
      ),
  ];
  return group(rect(x, y, w, h, { fill: bg }), rnd.pick(kinds)());
}
