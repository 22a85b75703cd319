// A minimal pinhole camera for one-point perspective: interiors, a railway
// cutting, a deck. World units are metres: X to the right, Y up, Z away from the viewer.
import { type Attrs, line, type Pt, polygon } from "./svg.ts";

export type P3 = readonly [number, number, number];

export interface Camera {
  /** Screen position of a world point. */
  at(p: P3): Pt;
  /** Pixels per metre at depth z. */
  scale(z: number): number;
  /** Pixels per centimetre at depth z (furniture is drawn in centimetres). */
  cm(z: number): number;
  /** A flat polygon through world points. */
  face(pts: readonly P3[], a?: Attrs): string;
  /** A straight line between two world points. */
  edge(a: P3, b: P3, attrs?: Attrs): string;
}

/** Camera at (eyeX, eyeY, 0) looking along +Z; the vanishing point sits at (cx, cy). */
export function camera(o: { cx: number; cy: number; f: number; eye: readonly [number, number] }): Camera {
  const [ex, ey] = o.eye;
  const at = ([x, y, z]: P3): Pt => [o.cx + (o.f * (x - ex)) / z, o.cy - (o.f * (y - ey)) / z];
  return {
    at,
    scale: (z) => o.f / z,
    cm: (z) => o.f / z / 100,
    face: (pts, a = {}) => polygon(pts.map(at), a),
    edge: (a, b, attrs = {}) => {
      const [x1, y1] = at(a);
      const [x2, y2] = at(b);
      return line(x1, y1, x2, y2, attrs);
    },
  };
}
