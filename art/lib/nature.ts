// Sky, clouds, ground and vegetation.
import { fill } from "./patterns.ts";
import { random } from "./random.ts";
import {
  circle,
  ellipse,
  group,
  ink,
  lighten,
  line,
  mix,
  type Pt,
  palette,
  path,
  rect,
  repeat,
  tone,
} from "./svg.ts";

export function sky(width: number, height: number, color: string = tone.sky) {
  return rect(0, 0, width, height, { fill: color });
}

export function sun(x: number, y: number, r: number) {
  return group(
    circle(x, y, r * 1.6, { fill: palette.paper, "fill-opacity": 0.35 }),
    circle(x, y, r, { fill: lighten(palette.sand, 0.45) }),
  );
}

/** A soft flat-bottomed cloud, s = overall width. */
export function cloud(x: number, y: number, s: number, color: string = palette.paper) {
  const r = s / 6;
  return path(
    `M${x} ${y}a${r} ${r} 0 0 1 ${r * 0.9} ${-r}a${r * 1.4} ${r * 1.4} 0 0 1 ${r * 2.4} ${-r * 0.7}` +
      `a${r * 1.1} ${r * 1.1} 0 0 1 ${r * 1.9} ${r * 0.6}a${r * 0.8} ${r * 0.8} 0 0 1 ${r * 0.8} ${r * 1.1}z`,
    { fill: color, "fill-opacity": 0.9 },
  );
}

/** A bumpy silhouette (distant trees, hills) from x0 to x1, filled down to `bottom`. */
export function ridge(
  x0: number,
  x1: number,
  y: number,
  bottom: number,
  opts: { amp: number; step: number; seed: string; color: string },
) {
  const rnd = random(opts.seed);
  let d = `M${x0} ${bottom}L${x0} ${y}`;
  for (let x = x0; x < x1; ) {
    const step = opts.step * rnd.range(0.7, 1.3);
    const h = opts.amp * rnd.range(0.4, 1);
    d += `Q${x + step / 2} ${y - h * 2} ${x + step} ${y + rnd.range(-0.3, 0.3) * opts.amp}`;
    x += step;
  }
  d += `L${x1 + opts.step} ${bottom}Z`;
  return path(d, { fill: opts.color });
}

/** Footpath with paving, kerb and a strip of road below it. */
export function street(
  width: number,
  groundY: number,
  opts: { footpath?: number; kerb?: number; bottom: number; markings?: boolean },
) {
  const fp = opts.footpath ?? 34;
  const kerb = opts.kerb ?? 8;
  const roadY = groundY + fp + kerb;
  return group(
    rect(0, groundY, width, fp, { fill: fill("paving") }),
    rect(0, groundY + fp, width, kerb, { fill: tone.kerb }),
    rect(0, roadY, width, opts.bottom - roadY, { fill: tone.road }),
    opts.markings
      ? repeat(Math.ceil(width / 160), (i) =>
          rect(i * 160 + 40, (roadY + opts.bottom) / 2 - 2, 70, 5, {
            fill: palette.paper,
            "fill-opacity": 0.7,
          }),
        )
      : "",
  );
}

export type TreeKind = "street" | "fig" | "jacaranda" | "poplar" | "shrub";

export interface TreeOpts {
  kind?: TreeKind;
  height: number;
  width?: number;
  seed: string;
  color?: string;
}

const foliage: Record<TreeKind, string> = {
  street: palette.sage,
  fig: palette.green,
  jacaranda: palette.lilac,
  poplar: palette.sage,
  shrub: palette.sage,
};

interface Blob {
  x: number;
  y: number;
  r: number;
}

/** Blobs arranged in an elliptical canopy: one centre blob plus a jittered ring. */
function canopyBlobs(cx: number, cy: number, rx: number, ry: number, seed: string, count = 9) {
  const rnd = random(seed);
  const blobs: Blob[] = [{ x: cx, y: cy, r: Math.min(rx, ry) * 0.72 }];
  for (let i = 0; i < count; i++) {
    const a = (i / count) * Math.PI * 2 + rnd.range(-0.2, 0.2);
    const k = rnd.range(0.5, 0.68);
    blobs.push({
      x: cx + Math.cos(a) * rx * k,
      y: cy + Math.sin(a) * ry * k * 0.9,
      r: Math.min(rx, ry) * rnd.range(0.36, 0.5),
    });
  }
  return blobs;
}

function canopy(blobs: readonly Blob[], color: string, scale: number) {
  const dark = mix(color, palette.green, 0.45);
  const light = lighten(color, 0.28);
  const off = scale * 0.06;
  const top = [...blobs].sort((a, b) => a.y - b.y).slice(0, 3);
  return group(
    ...blobs.map((b) => circle(b.x + off * 0.5, b.y + off, b.r, { fill: dark })),
    ...blobs.map((b) => circle(b.x, b.y, b.r * 0.94, { fill: color })),
    ...top.map((b) =>
      circle(b.x - b.r * 0.2, b.y - b.r * 0.25, b.r * 0.55, { fill: light, "fill-opacity": 0.6 }),
    ),
    ...blobs.map((b) => circle(b.x, b.y, b.r * 0.94, { fill: fill("leaves") })),
  );
}

function trunk(x: number, baseY: number, topY: number, w: number, color: string) {
  return path(
    `M${x - w} ${baseY}Q${x - w * 0.4} ${(baseY + topY) / 2} ${x - w * 0.3} ${topY}` +
      `L${x + w * 0.3} ${topY}Q${x + w * 0.4} ${(baseY + topY) / 2} ${x + w} ${baseY}Z`,
    { fill: color },
  );
}

function branch(from: Pt, to: Pt, width: number, color: string) {
  const [x1, y1] = from;
  const [x2, y2] = to;
  return path(`M${x1} ${y1}Q${(x1 + x2) / 2} ${y1 - (y1 - y2) * 0.2} ${x2} ${y2}`, {
    fill: "none",
    stroke: color,
    "stroke-width": width,
    "stroke-linecap": "round",
  });
}

/** A tree standing on (x, baseY). */
export function tree(x: number, baseY: number, opts: TreeOpts): string {
  const kind = opts.kind ?? "street";
  const h = opts.height;
  const color = opts.color ?? foliage[kind];
  const bark = mix(palette.slate, palette.brick, 0.3);
  switch (kind) {
    case "fig": {
      const w = opts.width ?? h * 1.7;
      const cy = baseY - h * 0.62;
      const blobs = canopyBlobs(x, cy, w / 2, h * 0.36, opts.seed, 13);
      return group(
        trunk(x, baseY, cy, h * 0.09, bark),
        path(
          `M${x - h * 0.22} ${baseY}Q${x - h * 0.05} ${baseY - h * 0.05} ${x} ${baseY - h * 0.2}` +
            `Q${x + h * 0.05} ${baseY - h * 0.05} ${x + h * 0.24} ${baseY}Z`,
          { fill: bark },
        ),
        branch([x, baseY - h * 0.3], [x - w * 0.3, cy + h * 0.1], h * 0.04, bark),
        branch([x, baseY - h * 0.32], [x + w * 0.32, cy + h * 0.08], h * 0.04, bark),
        canopy(blobs, color, h),
      );
    }
    case "jacaranda": {
      const w = opts.width ?? h * 1.1;
      const cy = baseY - h * 0.66;
      const blobs = canopyBlobs(x, cy, w / 2, h * 0.3, opts.seed, 8);
      return group(
        trunk(x, baseY, baseY - h * 0.4, h * 0.035, bark),
        branch([x, baseY - h * 0.38], [x - w * 0.3, cy], h * 0.025, bark),
        branch([x, baseY - h * 0.38], [x + w * 0.28, cy - h * 0.05], h * 0.025, bark),
        branch([x, baseY - h * 0.4], [x + w * 0.02, cy - h * 0.15], h * 0.02, bark),
        canopy(blobs, color, h),
        fallenBlossom(x, baseY, w * 0.5, opts.seed),
      );
    }
    case "poplar": {
      const w = opts.width ?? h * 0.32;
      const blobs: Blob[] = Array.from({ length: 6 }, (_, i) => ({
        x: x + (i % 2 === 0 ? -1 : 1) * w * 0.08,
        y: baseY - h * 0.3 - i * h * 0.12,
        r: w * (0.5 - i * 0.06),
      }));
      return group(trunk(x, baseY, baseY - h * 0.3, w * 0.08, bark), canopy(blobs, color, h));
    }
    case "shrub": {
      const w = opts.width ?? h * 1.4;
      const blobs = canopyBlobs(x, baseY - h * 0.45, w / 2, h * 0.45, opts.seed, 6);
      return canopy(blobs, color, h);
    }
    default: {
      const w = opts.width ?? h * 0.85;
      const cy = baseY - h * 0.64;
      const blobs = canopyBlobs(x, cy, w / 2, h * 0.34, opts.seed);
      return group(
        trunk(x, baseY, cy, h * 0.035, bark),
        branch([x, cy + h * 0.14], [x - w * 0.22, cy + h * 0.02], h * 0.02, bark),
        canopy(blobs, color, h),
      );
    }
  }
}

function fallenBlossom(x: number, baseY: number, spread: number, seed: string) {
  const rnd = random(`${seed}-petals`);
  return repeat(14, () =>
    ellipse(x + rnd.range(-spread, spread), baseY + rnd.range(-2, 6), 3, 1.6, {
      fill: palette.lilac,
      "fill-opacity": 0.8,
    }),
  );
}

/** A clipped hedge with a rounded top. */
export function hedge(x: number, y: number, w: number, h: number) {
  return group(
    rect(x, y, w, h, { rx: Math.min(h / 3, 14), fill: palette.sage }),
    rect(x, y, w, h, { rx: Math.min(h / 3, 14), fill: fill("leaves") }),
    rect(x, y + h * 0.7, w, h * 0.3, { fill: palette.green, "fill-opacity": 0.25 }),
  );
}

/** A palm of the kind found in Victorian harbourside gardens. */
export function palm(x: number, baseY: number, h: number, seed: string) {
  const rnd = random(seed);
  const topX = x + h * 0.06;
  const topY = baseY - h;
  const bark = mix(palette.sand, palette.slate, 0.35);
  const fronds = repeat(11, (i) => {
    const a = Math.PI * (1.05 + (i / 10) * 0.9) + rnd.range(-0.08, 0.08);
    const len = h * rnd.range(0.32, 0.42);
    const tx = topX + Math.cos(a) * len;
    const ty = topY + Math.sin(a) * len * 0.75 + len * 0.35;
    const mx = (topX + tx) / 2;
    const my = Math.min(topY, ty) - len * 0.2;
    return path(`M${topX} ${topY}Q${mx} ${my - 8} ${tx} ${ty}Q${mx} ${my + 10} ${topX} ${topY}Z`, {
      fill: i % 2 ? palette.sage : palette.green,
    });
  });
  return group(
    path(
      `M${x - 9} ${baseY}Q${x - 4} ${baseY - h * 0.5} ${topX - 7} ${topY}L${topX + 7} ${topY}Q${x + 5} ${baseY - h * 0.5} ${x + 9} ${baseY}Z`,
      {
        fill: bark,
      },
    ),
    repeat(Math.floor(h / 14), (i) =>
      line(x - 8, baseY - 8 - i * 14, x + 8, baseY - 12 - i * 14, {
        ...ink(1.2, mix(bark, palette.slate, 0.4)),
      }),
    ),
    fronds,
    circle(topX, topY, 9, { fill: palette.green }),
  );
}
