import encodeQR from "qr";

/** A QR code as one SVG path: `size` modules square, its quiet zone (4 modules, the standard's) included. */
export interface QrDrawing {
  size: number;
  path: string;
}

/** Draws `text` as a QR code on the server, so the page needs no script to show it. */
export function qrDrawing(text: string): QrDrawing {
  const modules = encodeQR(text, "raw", { ecc: "medium", border: 4 });
  const path = modules.flatMap((row, y) => row.map((dark, x) => (dark ? `M${x} ${y}h1v1h-1z` : ""))).join("");
  return { size: modules.length, path };
}
