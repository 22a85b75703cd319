// Street furniture and everyday objects, drawn in elevation standing on (x, baseY).
import { fill } from "./patterns.ts";
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
} from "./svg.ts";

/** A heritage street lamp: fluted post, crossbar and a four-pane lantern. */
export function lampPost(x: number, baseY: number, h: number, color: string = palette.green) {
  const top = baseY - h;
  const lw = h * 0.09;
  return group(
    path(
      `M${x - h * 0.035} ${baseY}L${x - h * 0.012} ${baseY - h * 0.25}V${top + lw * 1.6}H${x + h * 0.012}V${baseY - h * 0.25}L${x + h * 0.035} ${baseY}Z`,
      { fill: color },
    ),
    rect(x - h * 0.04, baseY - h * 0.06, h * 0.08, h * 0.06, { fill: color }),
    line(x - lw * 0.7, top + lw * 2.1, x + lw * 0.7, top + lw * 2.1, ink(2, color)),
    polygon(
      [
        [x - lw / 2, top + lw * 0.4],
        [x + lw / 2, top + lw * 0.4],
        [x + lw * 0.35, top + lw * 1.6],
        [x - lw * 0.35, top + lw * 1.6],
      ],
      {
        fill: lighten(palette.sand, 0.55),
        ...ink(1.6, color),
      },
    ),
    line(x, top + lw * 0.4, x, top + lw * 1.6, ink(1.2, color)),
    polygon(
      [
        [x - lw * 0.62, top + lw * 0.45],
        [x, top],
        [x + lw * 0.62, top + lw * 0.45],
      ],
      { fill: color },
    ),
    circle(x, top - 2, 3, { fill: color }),
  );
}

/** A park/street bench seen from the front. */
export function bench(x: number, baseY: number, w: number, color: string = palette.green) {
  const h = w * 0.42;
  return group(
    rect(x, baseY - h, w, h * 0.14, { fill: tone.wood, ...ink(1.4) }),
    rect(x, baseY - h * 0.74, w, h * 0.14, { fill: tone.wood, ...ink(1.4) }),
    rect(x - 4, baseY - h * 0.46, w + 8, h * 0.12, { fill: tone.woodLight, ...ink(1.4) }),
    path(`M${x + 8} ${baseY}V${baseY - h}M${x + w - 8} ${baseY}V${baseY - h}`, ink(4, color)),
  );
}

/** A terracotta pot with a clipped ball (bay tree) or a leafy plant. */
export function pottedPlant(
  x: number,
  baseY: number,
  h: number,
  kind: "topiary" | "leafy" | "herb" | "fern" = "leafy",
  seed = "plant",
) {
  const pw = h * 0.32;
  const ph = h * 0.28;
  const potColor = kind === "herb" ? palette.paper : tone.terracotta;
  const pot = group(
    polygon(
      [
        [x - pw / 2, baseY - ph],
        [x + pw / 2, baseY - ph],
        [x + pw * 0.38, baseY],
        [x - pw * 0.38, baseY],
      ],
      {
        fill: potColor,
        ...ink(1.6),
      },
    ),
    rect(x - pw * 0.56, baseY - ph - h * 0.05, pw * 1.12, h * 0.06, {
      fill: darken(potColor, 0.08),
      ...ink(1.4),
    }),
  );
  const top = baseY - ph - h * 0.04;
  if (kind === "topiary") {
    return group(
      line(x, top, x, baseY - h * 0.62, ink(3, tone.wood)),
      circle(x, baseY - h * 0.76, h * 0.24, { fill: palette.sage, ...ink(1.6) }),
      circle(x, baseY - h * 0.76, h * 0.24, { fill: fill("leaves") }),
      pot,
    );
  }
  const rnd = random(seed);
  const leaves = kind === "herb" ? 9 : kind === "fern" ? 11 : 7;
  const leafLen = h - ph;
  const drawn = repeat(leaves, (i) => {
    const a =
      -Math.PI / 2 + (i / (leaves - 1) - 0.5) * (kind === "fern" ? 2.6 : 1.9) + rnd.range(-0.08, 0.08);
    const len = leafLen * rnd.range(0.7, 1) * (kind === "herb" ? 0.7 : 1);
    const tx = x + Math.cos(a) * len;
    const ty = top + Math.sin(a) * len;
    const nx = -Math.sin(a) * len * (kind === "fern" ? 0.12 : 0.22);
    const ny = Math.cos(a) * len * (kind === "fern" ? 0.12 : 0.22);
    const mx = (x + tx) / 2;
    const my = (top + ty) / 2;
    return path(`M${x} ${top}Q${mx + nx} ${my + ny} ${tx} ${ty}Q${mx - nx} ${my - ny} ${x} ${top}Z`, {
      fill: i % 2 ? palette.sage : palette.green,
      ...ink(1.2, darken(palette.green, 0.2)),
    });
  });
  return group(drawn, pot);
}

/** A timber planter box with shrubs, for terraces and footpaths. */
export function planterBox(x: number, baseY: number, w: number, h: number, seed: string) {
  const rnd = random(seed);
  const n = Math.max(2, Math.round(w / 50));
  const shrubs = repeat(n, (i) => {
    const cx = x + (w / n) * (i + 0.5);
    const r = (w / n) * rnd.range(0.45, 0.6);
    return group(
      circle(cx, baseY - h - r * 0.5, r, {
        fill: i % 2 ? palette.sage : mix(palette.sage, palette.green, 0.5),
      }),
      circle(cx, baseY - h - r * 0.5, r, { fill: fill("leaves") }),
    );
  });
  return group(
    shrubs,
    rect(x, baseY - h, w, h, { fill: tone.wood, ...ink(1.6) }),
    repeat(Math.floor(h / 14), (i) =>
      line(x, baseY - h + 14 * (i + 1), x + w, baseY - h + 14 * (i + 1), ink(1, darken(tone.wood, 0.25))),
    ),
  );
}

/** A cup and saucer, side view, standing on baseY. */
export function cup(x: number, baseY: number, s: number, color: string = tone.white) {
  return group(
    ellipse(x, baseY - s * 0.05, s * 0.75, s * 0.1, { fill: color, ...ink(1.4) }),
    path(
      `M${x + s * 0.42} ${baseY - s * 0.55}q${s * 0.3} 0 ${s * 0.28} ${s * 0.2}q-${s * 0.03} ${s * 0.2} -${s * 0.32} ${s * 0.15}`,
      {
        fill: "none",
        ...ink(Math.max(2, s * 0.08)),
      },
    ),
    path(
      `M${x - s * 0.48} ${baseY - s * 0.62}H${x + s * 0.48}L${x + s * 0.36} ${baseY - s * 0.16}Q${x} ${baseY - s * 0.06} ${x - s * 0.36} ${baseY - s * 0.16}Z`,
      {
        fill: color,
        ...ink(1.5),
      },
    ),
  );
}

/** A mug, side view. */
export function mug(x: number, baseY: number, s: number, color: string = palette.sage) {
  return group(
    path(
      `M${x + s * 0.38} ${baseY - s * 0.75}q${s * 0.36} 0 ${s * 0.36} ${s * 0.3}q0 ${s * 0.3} -${s * 0.36} ${s * 0.3}`,
      {
        fill: "none",
        ...ink(Math.max(3, s * 0.1), darken(color, 0.1)),
      },
    ),
    rect(x - s * 0.4, baseY - s * 0.95, s * 0.8, s * 0.95, { rx: s * 0.08, fill: color, ...ink(1.5) }),
  );
}

/** Steam wisps above a hot drink. */
export function steam(x: number, y: number, s: number) {
  return path(
    `M${x - s * 0.15} ${y}c-${s * 0.15} -${s * 0.2} ${s * 0.15} -${s * 0.3} 0 -${s * 0.55}M${x + s * 0.15} ${y - s * 0.05}c-${s * 0.15} -${s * 0.2} ${s * 0.15} -${s * 0.3} 0 -${s * 0.5}`,
    {
      fill: "none",
      ...ink(2, mix(palette.slate, palette.paper, 0.5)),
    },
  );
}

/** A produce crate filled with round fruit or leafy greens. */
export function crate(x: number, baseY: number, w: number, produce: string, seed: string, leafy = false) {
  const h = w * 0.42;
  const rnd = random(seed);
  const r = w * 0.085;
  const items = leafy
    ? repeat(5, (i) =>
        path(
          `M${x + w * (0.12 + i * 0.19)} ${baseY - h}q-${r * 1.3} -${r * 2.6} ${r * 0.4} -${r * 3.4}q${r * 1.4} ${r * 1.4} ${-r * 0.4} ${r * 3.4}Z`,
          {
            fill: i % 2 ? palette.sage : palette.green,
            ...ink(1.2, darken(palette.green, 0.2)),
          },
        ),
      )
    : repeat(11, (i) => {
        const row = i < 6 ? 0 : 1;
        const cx = x + r * 1.3 + (row ? r : 0) + (i - row * 6) * r * 1.95 + rnd.range(-1, 1);
        return (
          circle(cx, baseY - h - r * 0.2 - row * r * 1.3, r, {
            fill: produce,
            ...ink(1.2, darken(produce, 0.3)),
          }) +
          circle(cx - r * 0.35, baseY - h - r * 0.5 - row * r * 1.3, r * 0.25, {
            fill: palette.paper,
            "fill-opacity": 0.5,
          })
        );
      });
  return group(
    items,
    rect(x, baseY - h, w, h, { fill: tone.woodLight, ...ink(1.5) }),
    line(x, baseY - h / 2, x + w, baseY - h / 2, ink(1.2, darken(tone.woodLight, 0.3))),
    rect(x + w * 0.38, baseY - h * 0.8, w * 0.24, h * 0.16, { rx: 4, fill: darken(tone.woodLight, 0.25) }),
  );
}
