import { slugBase } from "~/posts/slug.ts";
import {
  availableText,
  rentText,
  type SpaceCard,
  type SpaceDetails,
  type SpaceStatus,
  spaceSchema,
} from "~/site/spaces.ts";
import { sydneyWallTime } from "~/site/sydney-time.ts";
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
}

function toSpace(row: SpacesTable): Space {
  return {
    ...spaceSchema.parse(JSON.parse(row.details)),
    slug: row.slug,
    status: row.status,
    archived: Number(row.archived) === 1,
    position: Number(row.position),
  };
}

/** Every space in the owners' order; `listed`: only those visitors see (not leased, not archived). */
export async function listSpaces(db: Db, { listed = false } = {}): Promise<Space[]> {
  let query = db.selectFrom("spaces").selectAll().orderBy("position").orderBy("slug");
  if (listed) query = query.where("archived", "=", 0).where("status", "!=", "leased");
  return (await query.execute()).map(toSpace);
}

/** What /commercial's cards show of each listed space. */
export async function spaceCards(db: Db): Promise<SpaceCard[]> {
  const today = sydneyWallTime(new Date()).slice(0, 10);
  return (await listSpaces(db, { listed: true })).map((space) => ({
    slug: space.slug,
    name: space.name,
    area: space.area,
    available: availableText(space.availableFrom, today),
    rent: rentText(space),
    status: space.status,
  }));
}

export async function spaceBySlug(db: Db, slug: string): Promise<Space | undefined> {
  const row = await db.selectFrom("spaces").selectAll().where("slug", "=", slug).executeTakeFirst();
  return row && toSpace(row);
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
export async function createSpace(db: Db, actor: Actor, details: SpaceDetails): Promise<string> {
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
        await recordActivity(trx, actor, "added space", details.name);
        await bumpContentVersion(trx);
        return slug;
      }
    }
  });
}

/** Saves a space's details; false when there is no such space. */
export async function updateSpace(
  db: Db,
  actor: Actor,
  slug: string,
  details: SpaceDetails,
): Promise<boolean> {
  return inTransaction(db, async (trx) => {
    const result = await trx
      .updateTable("spaces")
      .set(stored(details))
      .where("slug", "=", slug)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) return false;
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
      const { slug: _slug, archived: _archived, position: _position, ...details } = space;
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
