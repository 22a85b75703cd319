// Shared textures, declared once per document in <defs> and used as fill: url(#id).
import { circle, el, line, mix, palette, path, rect, tone } from "./svg.ts";

interface PatternSpec {
  w: number;
  h: number;
  body: string;
  rotate?: number;
}

const mortar = mix(palette.brick, palette.paper, 0.28);
const joint = mix(palette.sand, palette.slate, 0.22);
const sandstone = mix(palette.sand, palette.stone, 0.45);

const specs = {
  brick: {
    w: 30,
    h: 14,
    body:
      rect(0, 0, 30, 14, { fill: palette.brick }) +
      path("M0 .5H30M0 7.5H30M.5 0V7M15.5 7V14", {
        stroke: mortar,
        "stroke-width": 1,
      }),
  },
  ashlar: {
    w: 80,
    h: 30,
    body:
      rect(0, 0, 80, 30, { fill: sandstone }) +
      path("M0 .5H80M0 15.5H80M.5 0V15M40.5 15V30", {
        stroke: joint,
        "stroke-width": 1,
      }),
  },
  ashlarSmall: {
    w: 44,
    h: 16,
    body:
      rect(0, 0, 44, 16, { fill: sandstone }) +
      path("M0 .5H44M0 8.5H44M.5 0V8M22.5 8V16", {
        stroke: joint,
        "stroke-width": 0.8,
      }),
  },
  hatch: {
    w: 9,
    h: 9,
    rotate: 45,
    body: line(0, 0, 0, 9, {
      stroke: palette.slate,
      "stroke-width": 1.2,
      "stroke-opacity": 0.22,
    }),
  },
  hatchLight: {
    w: 9,
    h: 9,
    rotate: -45,
    body: line(0, 0, 0, 9, {
      stroke: palette.paper,
      "stroke-width": 1.2,
      "stroke-opacity": 0.35,
    }),
  },
  corrugated: {
    w: 7,
    h: 10,
    body:
      rect(0, 0, 7, 10, { fill: mix(palette.slate, palette.paper, 0.55) }) +
      line(0.5, 0, 0.5, 10, {
        stroke: mix(palette.slate, palette.paper, 0.3),
        "stroke-width": 1.4,
      }),
  },
  corrugatedGreen: {
    w: 7,
    h: 10,
    body:
      rect(0, 0, 7, 10, { fill: palette.sage }) +
      line(0.5, 0, 0.5, 10, { stroke: palette.green, "stroke-width": 1.4 }),
  },
  lace: {
    w: 20,
    h: 20,
    body: lace(palette.green),
  },
  laceCream: {
    w: 20,
    h: 20,
    body: lace(palette.paper),
  },
  shingles: {
    w: 18,
    h: 10,
    body:
      rect(0, 0, 18, 10, { fill: mix(palette.slate, palette.paper, 0.2) }) +
      path("M0 10Q4.5 4 9 10Q13.5 4 18 10M-9 5Q-4.5 -1 0 5Q4.5 -1 9 5Q13.5 -1 18 5Q22.5 -1 27 5", {
        fill: "none",
        stroke: mix(palette.slate, palette.paper, 0.45),
        "stroke-width": 1,
      }),
  },
  rooftiles: {
    w: 16,
    h: 9,
    body:
      rect(0, 0, 16, 9, { fill: tone.terracotta }) +
      path("M0 8.5H16M8.5 0V9", {
        stroke: mix(palette.brick, palette.slate, 0.2),
        "stroke-width": 1,
        "stroke-opacity": 0.6,
      }),
  },
  stripeGreen: {
    w: 44,
    h: 10,
    body: rect(0, 0, 44, 10, { fill: palette.paper }) + rect(0, 0, 22, 10, { fill: palette.sage }),
  },
  stripeBrick: {
    w: 44,
    h: 10,
    body: rect(0, 0, 44, 10, { fill: palette.stone }) + rect(0, 0, 22, 10, { fill: palette.brick }),
  },
  leaves: {
    w: 46,
    h: 38,
    body:
      path(
        "M6 9q4-5 8 0q-4 3-8 0M27 4q4-4 7 1q-4 2-7-1M38 22q4-5 7 0q-4 3-7 0M14 27q4-4 8 1q-4 2-8-1M30 34q3-4 6 0q-3 2-6 0",
        {
          fill: palette.green,
          "fill-opacity": 0.28,
        },
      ) +
      path("M19 15q3-3 6 0q-3 2-6 0M3 33q3-3 6 0q-3 2-6 0", {
        fill: palette.paper,
        "fill-opacity": 0.2,
      }),
  },
  grass: {
    w: 22,
    h: 12,
    body: path("M3 10l2-5M14 6l1.5-4M17 11l2-3", {
      stroke: palette.green,
      "stroke-width": 1.2,
      "stroke-opacity": 0.35,
      "stroke-linecap": "round",
    }),
  },
  paving: {
    w: 60,
    h: 20,
    body:
      rect(0, 0, 60, 20, { fill: tone.footpath }) +
      path("M0 .5H60M.5 0V20", {
        stroke: mix(palette.stone, palette.slate, 0.25),
        "stroke-width": 1,
      }),
  },
  checker: {
    w: 40,
    h: 40,
    body:
      rect(0, 0, 40, 40, { fill: palette.paper }) +
      rect(0, 0, 20, 20, { fill: mix(palette.stone, palette.slate, 0.12) }) +
      rect(20, 20, 20, 20, { fill: mix(palette.stone, palette.slate, 0.12) }),
  },
  tilesWall: {
    w: 24,
    h: 12,
    body:
      rect(0, 0, 24, 12, { fill: tone.white }) +
      path("M0 .5H24M.5 0V12", {
        stroke: mix(palette.stone, palette.slate, 0.15),
        "stroke-width": 1,
      }),
  },
  water: {
    w: 60,
    h: 16,
    body: path("M6 5h16M36 12h18", {
      stroke: palette.paper,
      "stroke-width": 1.6,
      "stroke-opacity": 0.5,
      "stroke-linecap": "round",
    }),
  },
  weatherboard: {
    w: 10,
    h: 12,
    body:
      rect(0, 0, 10, 12, { fill: tone.stucco }) +
      line(0, 11.5, 10, 11.5, {
        stroke: mix(palette.stone, palette.slate, 0.25),
        "stroke-width": 1,
      }),
  },
} satisfies Record<string, PatternSpec>;

/** A repeating cast-iron lace motif: a quatrefoil between interlocking rings. */
function lace(color: string) {
  const s = { fill: "none", stroke: color, "stroke-width": 1.5 };
  return (
    circle(10, 10, 5, s) +
    circle(0, 0, 5, s) +
    circle(20, 0, 5, s) +
    circle(0, 20, 5, s) +
    circle(20, 20, 5, s) +
    circle(10, 10, 1.6, { fill: color }) +
    path("M10 0V3M10 17V20M0 10H3M17 10H20", s)
  );
}

export type PatternName = keyof typeof specs;

export const fill = (name: PatternName) => `url(#${name})`;

/** The <defs> block shared by every document. Unused patterns cost nothing. */
export function defs(): string {
  return el(
    "defs",
    {},
    ...Object.entries(specs).map(([id, s]: [string, PatternSpec]) =>
      el(
        "pattern",
        {
          id,
          width: s.w,
          height: s.h,
          patternUnits: "userSpaceOnUse",
          patternTransform: s.rotate ? `rotate(${s.rotate})` : undefined,
        },
        s.body,
      ),
    ),
  );
}
