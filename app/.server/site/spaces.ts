import { slugBase } from "~/posts/slug.ts";
import { sydneyDay } from "~/site/dates.ts";
import {
  availableText,
  rentText,
  type SpaceCard,
  type SpaceDetails,
  type SpaceForm,
  type SpaceImage,
  type SpaceStatus,
  spaceSchema,
} from "~/site/spaces.ts";
import type { ImageInfo } from "~/uploads/image-variants.ts";
import type { Actor } from "../accounts/members.ts";
import type { Db } from "../db/database.ts";
import type { SpacesTable } from "../db/schema.ts";
import { inTransaction } from "../db/transaction.ts";
import { bumpContentVersion } from "../posts/posts.ts";
import { recordActivity } from "./activity.ts";

export interface Space extends SpaceDetails {
  slug: string;
  archived: boolean;
  position: number;
  photos: SpaceImage[];
  floorPlan?: SpaceImage;
}

interface SpaceImages {
  photos: SpaceImage[];
  floorPlan?: SpaceImage;
}

function toSpace(row: SpacesTable, images: SpaceImages | undefined): Space {
  return {
    ...spaceSchema.parse(JSON.parse(row.details)),
    slug: row.slug,
    status: row.status,
    archived: Number(row.archived) === 1,
    position: Number(row.position),
    photos: images?.photos ?? [],
    floorPlan: images?.floorPlan,
  };
}

/** The photos (in order) and floor plan of each of these spaces, by slug. */
async function imagesOf(db: Db, slugs: string[]): Promise<Map<string, SpaceImages>> {
  const bySlug = new Map<string, SpaceImages>();
  if (slugs.length === 0) return bySlug;
  const rows = await db
    .selectFrom("spaceImages")
    .innerJoin("images", "images.id", "spaceImages.imageId")
    .select([
      "spaceImages.spaceSlug",
      "spaceImages.kind",
      "spaceImages.alt",
      "images.id",
      "images.width",
      "images.height",
      "images.fallback",
    ])
    .where("spaceImages.spaceSlug", "in", slugs)
    .orderBy("spaceImages.position")
    .execute();
  for (const row of rows) {
    const images = bySlug.get(row.spaceSlug) ?? { photos: [] };
    const shown: SpaceImage = {
      image: { id: row.id, width: Number(row.width), height: Number(row.height), fallback: row.fallback },
      alt: row.alt,
    };
    if (row.kind === "floor-plan") images.floorPlan = shown;
    else images.photos.push(shown);
    bySlug.set(row.spaceSlug, images);
  }
  return bySlug;
}

/** Every space in the owners' order; `listed`: only those visitors see (not leased, not archived). */
export async function listSpaces(db: Db, { listed = false } = {}): Promise<Space[]> {
  let query = db.selectFrom("spaces").selectAll().orderBy("position").orderBy("slug");
  if (listed) query = query.where("archived", "=", 0).where("status", "!=", "leased");
  const rows = await query.execute();
  const images = await imagesOf(
    db,
    rows.map((row) => row.slug),
  );
  return rows.map((row) => toSpace(row, images.get(row.slug)));
}

/**
 * What /commercial's cards show of each listed space on `today` (Sydney's date): cached pages
 * are made again when the day changes, so "Available from" turns to "Now" on its day.
 */
export async function spaceCards(db: Db, today = sydneyDay()): Promise<SpaceCard[]> {
  return (await listSpaces(db, { listed: true })).map((space) => ({
    slug: space.slug,
    name: space.name,
    area: space.area,
    available: availableText(space.availableFrom, today),
    rent: rentText(space),
    status: space.status,
    photo: space.photos[0],
  }));
}

export async function spaceBySlug(db: Db, slug: string): Promise<Space | undefined> {
  const row = await db.selectFrom("spaces").selectAll().where("slug", "=", slug).executeTakeFirst();
  return row && toSpace(row, (await imagesOf(db, [slug])).get(slug));
}

/** The image ids a space form names: its photos in order, then its floor plan. */
export function imageIdsOf(form: SpaceForm): string[] {
  return [
    ...form.photos.map((photo) => photo.imageId),
    ...(form.floorPlanImageId ? [form.floorPlanImageId] : []),
  ];
}

/**
 * Those of these images the owner may show on the space: only images they uploaded
 * themselves, or ones the space already shows (no one keeps another person's upload from the
 * sweep, or publishes it, by naming its id).
 */
export async function usableImages(
  db: Db,
  actor: Actor,
  slug: string | null,
  ids: string[],
): Promise<ImageInfo[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom("images")
    .select(["id", "width", "height", "fallback"])
    .where("id", "in", ids)
    .where((eb) =>
      eb.or([
        eb("userId", "=", actor.id),
        eb.exists(
          eb
            .selectFrom("spaceImages")
            .select("spaceImages.imageId")
            .whereRef("spaceImages.imageId", "=", "images.id")
            .where("spaceImages.spaceSlug", "=", slug ?? ""),
        ),
      ]),
    )
    .execute();
  return rows.map((row) => ({ ...row, width: Number(row.width), height: Number(row.height) }));
}

/**
 * Replaces the images a space shows with the form's; those it no longer shows are released,
 * so the sweep keeps them for the grace period before removing them.
 */
async function showImages(trx: Db, slug: string, form: SpaceForm): Promise<void> {
  const before = await trx
    .selectFrom("spaceImages")
    .select("imageId")
    .where("spaceSlug", "=", slug)
    .execute();
  await trx.deleteFrom("spaceImages").where("spaceSlug", "=", slug).execute();
  const rows = [
    ...form.photos.map((photo, position) => ({
      spaceSlug: slug,
      imageId: photo.imageId,
      kind: "photo" as const,
      position,
      alt: photo.alt,
    })),
    ...(form.floorPlanImageId
      ? [
          {
            spaceSlug: slug,
            imageId: form.floorPlanImageId,
            kind: "floor-plan" as const,
            position: 0,
            alt: form.floorPlanAlt ?? "",
          },
        ]
      : []),
  ];
  if (rows.length > 0) await trx.insertInto("spaceImages").values(rows).execute();
  const kept = new Set(imageIdsOf(form));
  const released = before.map((row) => row.imageId).filter((id) => !kept.has(id));
  if (released.length > 0)
    await trx.updateTable("images").set({ releasedAt: Date.now() }).where("id", "in", released).execute();
}

/** A space form's details, without its images. */
function detailsOf(form: SpaceForm): SpaceDetails {
  const { photos: _photos, floorPlanImageId: _floorPlan, floorPlanAlt: _floorPlanAlt, ...details } = form;
  return details;
}

/** How many enquiries each space has had, by slug. */
export async function enquiryCounts(db: Db): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom("enquiries")
    .select(["spaceSlug", (eb) => eb.fn.countAll<number>().as("count")])
    .where("spaceSlug", "is not", null)
    .groupBy("spaceSlug")
    .execute();
  return new Map(rows.map((row) => [row.spaceSlug as string, Number(row.count)]));
}

const stored = (details: SpaceDetails) => ({
  details: JSON.stringify({ ...details }),
  status: details.status,
  updatedAt: Date.now(),
});

/**
 * Adds a space at the end of the list under a fresh slug from its name (`level-2-suite-2-01`,
 * then `-2`, `-3`… when taken: two owners adding the same name at once get one each).
 */
export async function createSpace(db: Db, actor: Actor, form: SpaceForm): Promise<string> {
  const details = detailsOf(form);
  const base = slugBase(details.name).slice(0, 90) || "space";
  return inTransaction(db, async (trx) => {
    const last = await trx
      .selectFrom("spaces")
      .select((eb) => eb.fn.max("position").as("position"))
      .executeTakeFirst();
    const position = Number(last?.position ?? 0) + 1;
    for (let attempt = 1; ; attempt++) {
      const slug = attempt === 1 ? base : `${base}-${attempt}`;
      const result = await trx
        .insertInto("spaces")
        .values({ slug, position, archived: 0, createdAt: Date.now(), ...stored(details) })
        .onConflict((conflict) => conflict.column("slug").doNothing())
        .returning("slug")
        .executeTakeFirst();
      if (result) {
        await showImages(trx, slug, form);
        await recordActivity(trx, actor, "added space", details.name);
        await bumpContentVersion(trx);
        return slug;
      }
    }
  });
}

/** Saves a space's details and images; false when there is no such space. */
export async function updateSpace(db: Db, actor: Actor, slug: string, form: SpaceForm): Promise<boolean> {
  const details = detailsOf(form);
  return inTransaction(db, async (trx) => {
    const result = await trx
      .updateTable("spaces")
      .set(stored(details))
      .where("slug", "=", slug)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) return false;
    await showImages(trx, slug, form);
    await recordActivity(trx, actor, "changed space", details.name);
    await bumpContentVersion(trx);
    return true;
  });
}

export const spaceActions = [
  "archive",
  "restore",
  "up",
  "down",
  "available",
  "under-offer",
  "leased",
] as const;
export type SpaceAction = (typeof spaceActions)[number];

/** Archives, restores, moves or sets the status of a space, logged; false when there is no such space. */
export async function actOnSpace(db: Db, actor: Actor, slug: string, action: SpaceAction): Promise<boolean> {
  return inTransaction(db, async (trx) => {
    const space = await spaceBySlug(trx, slug);
    if (!space) return false;
    if (action === "archive" || action === "restore") {
      await trx
        .updateTable("spaces")
        .set({ archived: action === "archive" ? 1 : 0, updatedAt: Date.now() })
        .where("slug", "=", slug)
        .execute();
    } else if (action === "up" || action === "down") {
      const neighbour = await trx
        .selectFrom("spaces")
        .select(["slug", "position"])
        .where("position", action === "up" ? "<" : ">", space.position)
        .orderBy("position", action === "up" ? "desc" : "asc")
        .limit(1)
        .executeTakeFirst();
      if (!neighbour) return true;
      await trx
        .updateTable("spaces")
        .set({ position: Number(neighbour.position) })
        .where("slug", "=", slug)
        .execute();
      await trx
        .updateTable("spaces")
        .set({ position: space.position })
        .where("slug", "=", neighbour.slug)
        .execute();
    } else {
      const {
        slug: _slug,
        archived: _archived,
        position: _position,
        photos: _photos,
        floorPlan: _floorPlan,
        ...details
      } = space;
      await trx
        .updateTable("spaces")
        .set(stored({ ...details, status: action satisfies SpaceStatus }))
        .where("slug", "=", slug)
        .execute();
    }
    await recordActivity(
      trx,
      actor,
      `${action === "up" || action === "down" ? "moved" : action} space`,
      space.name,
    );
    await bumpContentVersion(trx);
    return true;
  });
}
