// Reusable things on a kitchen bench: glass pantry jars, a water bottle, a keep cup.
import { random } from "../random.ts";
import {
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
} from "../svg.ts";
import { shadow } from "./rooms.ts";

export type Staple = "lentils" | "pasta" | "oats" | "beans";

const stapleColour: Record<Staple, string> = {
  lentils: mix(palette.brick, palette.sand, 0.45),
  pasta: lighten(palette.sand, 0.25),
  oats: mix(palette.stone, palette.sand, 0.35),
  beans: mix(palette.slate, palette.brick, 0.3),
};

/** Small marks that give each staple its texture inside the rectangle (x, y, w, h). */
function grains(kind: Staple, x: number, y: number, w: number, h: number, seed: string) {
  const rnd = random(seed);
  const dark = darken(stapleColour[kind], 0.25);
  const count = kind === "beans" ? 18 : 30;
  return repeat(count, () => {
    const gx = x + rnd.range(0.08, 0.92) * w;
    const gy = y + rnd.range(0.08, 0.92) * h;
    if (kind === "pasta") {
      const a = rnd.range(0, Math.PI);
      const l = 9;
      return line(gx, gy, gx + Math.cos(a) * l, gy + Math.sin(a) * l, ink(3.2, dark));
    }
    if (kind === "beans") return ellipse(gx, gy, 6, 4, { fill: dark, "fill-opacity": 0.6 });
    return ellipse(gx, gy, 2.4, 1.6, { fill: dark, "fill-opacity": 0.55 });
  });
}

export interface JarOpts {
  staple: Staple;
  level?: number;
  seed: string;
  lid?: string;
}

/** A glass jar with a timber lid, filled to `level` (0..1) with a pantry staple. */
export function jar(cx: number, baseY: number, w: number, h: number, o: JarOpts) {
  const x = cx - w / 2;
  const lidH = h * 0.12;
  const bodyTop = baseY - h + lidH;
  const bodyH = h - lidH;
  const fillH = bodyH * (o.level ?? 0.7);
  const lid = o.lid ?? tone.woodLight;
  return group(
    shadow(cx, baseY, w * 0.6),
    rect(x, bodyTop, w, bodyH, { rx: w * 0.14, fill: lighten(tone.glass, 0.55) }),
    rect(x + 5, baseY - fillH - 5, w - 10, fillH, { rx: w * 0.1, fill: stapleColour[o.staple] }),
    grains(o.staple, x + 5, baseY - fillH - 5, w - 10, fillH, o.seed),
    rect(x, bodyTop, w, bodyH, { rx: w * 0.14, fill: "none", ...ink(1.5) }),
    line(x + w * 0.16, bodyTop + bodyH * 0.15, x + w * 0.16, bodyTop + bodyH * 0.5, {
      ...ink(w * 0.06, palette.paper),
      "stroke-opacity": 0.6,
    }),
    rect(x - 4, baseY - h, w + 8, lidH + 4, { rx: 5, fill: lid, ...ink(1.4) }),
    line(x, baseY - h + lidH * 0.5, x + w, baseY - h + lidH * 0.5, ink(1, darken(lid, 0.2))),
  );
}

/** A reusable metal water bottle with a carry loop, h tall. */
export function waterBottle(cx: number, baseY: number, h: number, color: string = palette.green) {
  const w = h * 0.3;
  const capW = w * 0.62;
  const bodyTop = baseY - h * 0.84;
  return group(
    shadow(cx, baseY, w * 0.7),
    ellipse(cx, baseY - h - h * 0.02, w * 0.17, h * 0.045, { fill: "none", ...ink(4, palette.slate) }),
    rect(cx - capW / 2, baseY - h, capW, h * 0.14, { rx: 6, fill: palette.slate, ...ink(1.4) }),
    path(
      `M${cx - capW / 2} ${bodyTop}Q${cx - w / 2} ${bodyTop} ${cx - w / 2} ${bodyTop + w * 0.35}V${baseY - 10}Q${cx - w / 2} ${baseY} ${cx - w / 2 + 10} ${baseY}H${cx + w / 2 - 10}Q${cx + w / 2} ${baseY} ${cx + w / 2} ${baseY - 10}V${bodyTop + w * 0.35}Q${cx + w / 2} ${bodyTop} ${cx + capW / 2} ${bodyTop}Z`,
      { fill: color, ...ink(1.5) },
    ),
    rect(cx - w / 2, baseY - h * 0.42, w, h * 0.1, { fill: lighten(color, 0.3), ...ink(1.2) }),
    line(cx - w * 0.28, bodyTop + w * 0.4, cx - w * 0.28, baseY - h * 0.5, {
      ...ink(w * 0.08, palette.paper),
      "stroke-opacity": 0.35,
    }),
  );
}

/** A glass keep cup with a cork band and a sip lid, s tall. */
export function keepCup(cx: number, baseY: number, s: number, lid: string = palette.sage) {
  const bottom = s * 0.3;
  const top = s * 0.4;
  const bodyTop = baseY - s * 0.85;
  const at = (t: number) => bottom + (top - bottom) * t;
  const band = (t0: number, t1: number): [number, number][] => [
    [cx - at(t0), baseY - s * 0.85 * t0],
    [cx + at(t0), baseY - s * 0.85 * t0],
    [cx + at(t1), baseY - s * 0.85 * t1],
    [cx - at(t1), baseY - s * 0.85 * t1],
  ];
  return group(
    shadow(cx, baseY, s * 0.45),
    polygon(band(0, 1), { fill: lighten(tone.glass, 0.5), ...ink(1.5) }),
    polygon(band(0, 0.45), { fill: mix(palette.brick, palette.sand, 0.6), "fill-opacity": 0.7 }),
    polygon(band(0.35, 0.62), { fill: tone.woodLight, ...ink(1.3) }),
    rect(cx - top - 6, bodyTop - s * 0.1, (top + 6) * 2, s * 0.12, { rx: s * 0.05, fill: lid, ...ink(1.4) }),
    path(
      `M${cx - top * 0.7} ${bodyTop - s * 0.1}Q${cx} ${bodyTop - s * 0.26} ${cx + top * 0.7} ${bodyTop - s * 0.1}Z`,
      {
        fill: lid,
        ...ink(1.4),
      },
    ),
  );
}
