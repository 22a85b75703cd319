// Minimal, faceless people: a round head with hair, a simple body and rounded limbs.
// Figures face the viewer ("front") or look to the right in profile ("side");
// mirror a side figure with `place` to make it look left.
import {
  circle,
  darken,
  ellipse,
  group,
  ink,
  mix,
  type Pt,
  palette,
  path,
  polyline,
  rect,
  tone,
} from "../svg.ts";

export type HairStyle = "short" | "long" | "bun";
export type View = "front" | "side";

export interface Look {
  skin: string;
  hair: string;
  top: string;
  bottom: string;
  hairStyle: HairStyle;
}

/** A few people, varied in skin, hair and clothes, all from the house palette. */
export const looks = {
  sage: { skin: tone.skin, hair: palette.slate, top: palette.sage, bottom: palette.slate, hairStyle: "long" },
  brick: {
    skin: tone.skinDark,
    hair: darken(palette.slate, 0.5),
    top: palette.brick,
    bottom: mix(palette.slate, palette.paper, 0.2),
    hairStyle: "short",
  },
  sand: {
    skin: mix(tone.skin, palette.paper, 0.25),
    hair: mix(palette.brick, palette.sand, 0.2),
    top: palette.sand,
    bottom: palette.green,
    hairStyle: "bun",
  },
  green: {
    skin: mix(tone.skinDark, palette.slate, 0.2),
    hair: darken(palette.slate, 0.6),
    top: palette.green,
    bottom: palette.sand,
    hairStyle: "short",
  },
} satisfies Record<string, Look>;

/** An arm or leg: a rounded stroke with a fine outline. */
export function limb(pts: readonly Pt[], width: number, color: string) {
  return group(polyline(pts, ink(width + 3)), polyline(pts, ink(width, color)));
}

/** A hand: a small skin-coloured disc. */
export const hand = (x: number, y: number, r: number, look: Look) =>
  circle(x, y, r, { fill: look.skin, ...ink(1.2) });

/** Hair that falls behind the head and shoulders; draw it before the body. */
export function hairBack(cx: number, cy: number, r: number, look: Look, view: View = "front") {
  if (look.hairStyle !== "long") return "";
  return view === "front"
    ? rect(cx - r * 1.12, cy - r * 0.3, r * 2.24, r * 2.1, { rx: r * 0.5, fill: look.hair, ...ink(1.2) })
    : rect(cx - r * 1.05, cy - r * 0.4, r * 1.2, r * 2, { rx: r * 0.45, fill: look.hair, ...ink(1.2) });
}

/** A faceless head centred on (cx, cy): skin, then a cap of hair (and a bun). */
export function head(cx: number, cy: number, r: number, look: Look, view: View = "front") {
  const R = r * 1.05;
  const cap =
    view === "front"
      ? `M${cx - R} ${cy + r * 0.2}V${cy}A${R} ${R} 0 0 1 ${cx + R} ${cy}V${cy + r * 0.2}` +
        `Q${cx + r * 0.75} ${cy - r * 0.3} ${cx - r * 0.05} ${cy - r * 0.32}Q${cx - r * 0.8} ${cy - r * 0.22} ${cx - R} ${cy + r * 0.2}Z`
      : `M${cx + r * 0.5} ${cy - r * 0.92}A${R} ${R} 0 0 0 ${cx - r * 0.75} ${cy + r * 0.78}` +
        `Q${cx - r * 0.3} ${cy + r * 0.3} ${cx - r * 0.05} ${cy - r * 0.25}Q${cx + r * 0.2} ${cy - r * 0.6} ${cx + r * 0.5} ${cy - r * 0.92}Z`;
  const bun: Pt = view === "front" ? [cx, cy - r * 1.05] : [cx - r * 0.85, cy - r * 0.55];
  return group(
    look.hairStyle === "bun" ? circle(bun[0], bun[1], r * 0.42, { fill: look.hair, ...ink(1.2) }) : "",
    circle(cx, cy, r, { fill: look.skin, ...ink(1.4) }),
    path(cap, { fill: look.hair, ...ink(1.2) }),
  );
}

/** Neck, head and back hair above shoulders centred at (cx, shoulderY). */
function headOnShoulders(cx: number, shoulderY: number, r: number, look: Look, view: View = "front") {
  const cy = shoulderY - r * 1.25;
  return {
    back: hairBack(cx, cy, r, look, view),
    front: group(
      rect(cx - r * 0.32, cy + r * 0.6, r * 0.64, r * 0.8, { fill: darken(look.skin, 0.08), ...ink(1.2) }),
      head(cx, cy, r, look, view),
    ),
  };
}

/** Head and shoulders facing the viewer: shoulders s wide at shoulderY, body down to bottomY. */
export function bust(cx: number, shoulderY: number, s: number, bottomY: number, look: Look) {
  const r = s * 0.24;
  const h = s / 2;
  const parts = headOnShoulders(cx, shoulderY, r, look);
  return group(
    parts.back,
    path(
      `M${cx - h} ${bottomY}V${shoulderY + s * 0.2}Q${cx - h} ${shoulderY} ${cx - h * 0.55} ${shoulderY}` +
        `H${cx + h * 0.55}Q${cx + h} ${shoulderY} ${cx + h} ${shoulderY + s * 0.2}V${bottomY}Z`,
      { fill: look.top, ...ink(1.5) },
    ),
    parts.front,
    path(`M${cx - r * 0.45} ${shoulderY}L${cx} ${shoulderY + r * 0.55}L${cx + r * 0.45} ${shoulderY}Z`, {
      fill: darken(look.skin, 0.08),
      ...ink(1.2),
    }),
  );
}

/** Sitting cross-legged, facing the viewer, hands resting on the knees; s tall from baseY. */
export function crossLegged(cx: number, baseY: number, s: number, look: Look) {
  const shoulderY = baseY - s * 0.64;
  const hipY = baseY - s * 0.13;
  const knee = (side: 1 | -1): Pt => [cx + side * s * 0.4, baseY - s * 0.09];
  const ankle = (side: 1 | -1): Pt => [cx - side * s * 0.1, baseY - s * 0.06];
  const thigh = (side: 1 | -1) => limb([[cx + side * s * 0.12, hipY], knee(side)], s * 0.15, look.bottom);
  const shin = (side: 1 | -1) =>
    group(
      ellipse(cx - side * s * 0.17, baseY - s * 0.06, s * 0.07, s * 0.035, { fill: look.skin, ...ink(1.2) }),
      limb([knee(side), ankle(side)], s * 0.12, look.bottom),
    );
  const arm = (side: 1 | -1) =>
    limb(
      [
        [cx + side * s * 0.15, shoulderY + s * 0.05],
        [cx + side * s * 0.29, baseY - s * 0.33],
        [cx + side * s * 0.37, baseY - s * 0.15],
      ],
      s * 0.08,
      look.top,
    ) + hand(cx + side * s * 0.375, baseY - s * 0.135, s * 0.042, look);
  const parts = headOnShoulders(cx, shoulderY, s * 0.115, look);
  return group(
    parts.back,
    thigh(-1),
    thigh(1),
    path(
      `M${cx - s * 0.2} ${hipY}L${cx - s * 0.19} ${shoulderY + s * 0.08}Q${cx - s * 0.19} ${shoulderY} ${cx - s * 0.1} ${shoulderY}` +
        `H${cx + s * 0.1}Q${cx + s * 0.19} ${shoulderY} ${cx + s * 0.19} ${shoulderY + s * 0.08}L${cx + s * 0.2} ${hipY}Z`,
      { fill: look.top, ...ink(1.5) },
    ),
    shin(-1),
    shin(1),
    parts.front,
    arm(-1),
    arm(1),
  );
}

/**
 * Sitting on a chair in profile, looking right, in local x (0 = the hip) and page y:
 * seat at seatY, feet on floorY, s is the sitting height. The near hand reaches
 * forward to (s * 0.34, seatY - s * 0.24), where a cup can go.
 */
export function seatedProfile(seatY: number, floorY: number, s: number, look: Look) {
  const shoulder: Pt = [s * 0.03, seatY - s * 0.5];
  const knee: Pt = [s * 0.34, seatY - s * 0.07];
  const parts = headOnShoulders(shoulder[0] + s * 0.02, shoulder[1] + s * 0.02, s * 0.1, look, "side");
  return group(
    parts.back,
    limb([[0, seatY - s * 0.07], knee], s * 0.13, look.bottom),
    limb([knee, [s * 0.36, floorY - s * 0.06]], s * 0.1, look.bottom),
    ellipse(s * 0.4, floorY - s * 0.035, s * 0.075, s * 0.035, { fill: palette.slate, ...ink(1.2) }),
    path(
      `M${-s * 0.1} ${seatY}L${-s * 0.08} ${shoulder[1] + s * 0.06}Q${-s * 0.06} ${shoulder[1]} ${shoulder[0]} ${shoulder[1]}` +
        `Q${s * 0.12} ${shoulder[1]} ${s * 0.12} ${shoulder[1] + s * 0.08}L${s * 0.1} ${seatY}Z`,
      { fill: look.top, ...ink(1.5) },
    ),
    parts.front,
    limb(
      [
        [shoulder[0] + s * 0.02, shoulder[1] + s * 0.07],
        [s * 0.1, seatY - s * 0.2],
        [s * 0.3, seatY - s * 0.24],
      ],
      s * 0.07,
      look.top,
    ),
    hand(s * 0.33, seatY - s * 0.245, s * 0.04, look),
  );
}
