import { constants, crc32, deflateRawSync } from "node:zlib";
import type { PersonalPart } from "../../app/.server/http/personal-fragments.tsx";
import { megabyte, remembered } from "../../app/.server/http/remembered.ts";
import { ownCopy } from "../encodings.ts";

/** A shared page cut where its personal parts are, with each piece kept raw and compressed. */
interface CutPage {
  /** The page between the parts: one more piece than there are gaps. */
  pieces: Buffer[];
  /** Each piece compressed alone (see `gzipPiece`). */
  gzipPieces: Buffer[];
  /** Which part fills each gap between pieces. */
  gaps: number[];
}

/**
 * Puts a reader's own parts into a shared page, as plain bytes or gzip. The page is cut once
 * per set of parts and its pieces compressed then, so a signed-in reader's page costs about
 * what an anonymous one does instead of a compression of the whole page per request. Returns
 * undefined when a part is not where the shared page should have it.
 */
export function splicePage(
  page: Buffer,
  parts: PersonalPart[],
  encoding: "gzip" | undefined,
): Buffer | undefined {
  const cut = cutPage(page, parts);
  if (!cut) return undefined;
  const own = parts.map((part) => Buffer.from(part.own));
  const pieces = [cut.pieces[0] as Buffer];
  for (const [i, part] of cut.gaps.entries()) pieces.push(own[part] as Buffer, cut.pieces[i + 1] as Buffer);
  if (encoding !== "gzip") return Buffer.concat(pieces);
  const ownGzip = parts.map((part) => ownGzipOf(part.own));
  const gzipPieces = [cut.gzipPieces[0] as Buffer];
  for (const [i, part] of cut.gaps.entries())
    gzipPieces.push(ownGzip[part] as Buffer, cut.gzipPieces[i + 1] as Buffer);
  let crc = 0;
  let size = 0;
  for (const piece of pieces) {
    crc = crc32(piece, crc);
    size += piece.length;
  }
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE(size % 2 ** 32, 4);
  return Buffer.concat([gzipHeader, ...gzipPieces, lastBlock, trailer]);
}

// A gzip member's header (deflate, no name or time, Unix) and the empty final deflate block.
const gzipHeader = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 3]);
const lastBlock = Buffer.from([3, 0]);

/**
 * Deflate blocks for one piece, compressed with no reference to what comes before it and
 * ending on a byte boundary with no final block (a sync flush): pieces compressed so can be
 * laid end to end, and the stream is valid whatever goes between them.
 */
function gzipPiece(piece: Buffer): Buffer {
  return piece.length === 0 ? piece : ownCopy(deflateRawSync(piece, { finishFlush: constants.Z_SYNC_FLUSH }));
}

/** A reader's parts are the same page after page (their menu, their token): compressed once. */
const ownGzipOf = remembered(megabyte, (own) => gzipPiece(Buffer.from(own)));

/** Cuts per page body and set of parts, as long as the page is kept. */
const cuts = new WeakMap<Buffer, Map<string, CutPage | null>>();

function cutPage(page: Buffer, parts: PersonalPart[]): CutPage | undefined {
  const key = JSON.stringify(parts.map((part) => part.shared));
  let byParts = cuts.get(page);
  if (!byParts) {
    byParts = new Map();
    cuts.set(page, byParts);
  }
  let cut = byParts.get(key);
  if (cut === undefined) {
    cut = cutAt(page, parts) ?? null;
    byParts.set(key, cut);
  }
  return cut ?? undefined;
}

function cutAt(page: Buffer, parts: PersonalPart[]): CutPage | undefined {
  const places: { start: number; end: number; part: number }[] = [];
  for (const [index, part] of parts.entries()) {
    const shared = part.shared.map((form) => Buffer.from(form)).find((form) => page.includes(form));
    if (!shared) return undefined;
    for (let at = page.indexOf(shared); at !== -1; at = page.indexOf(shared, at + shared.length))
      places.push({ start: at, end: at + shared.length, part: index });
  }
  places.sort((a, b) => a.start - b.start);
  const pieces: Buffer[] = [];
  let from = 0;
  for (const place of places) {
    if (place.start < from) return undefined;
    pieces.push(page.subarray(from, place.start));
    from = place.end;
  }
  pieces.push(page.subarray(from));
  return { pieces, gzipPieces: pieces.map(gzipPiece), gaps: places.map((place) => place.part) };
}
