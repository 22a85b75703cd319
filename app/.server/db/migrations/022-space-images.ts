import type { Kysely } from "kysely";

/**
 * A space's photos (in the owners' order, each with its description) and its floor plan
 * (decision 036). The image must exist while a space uses it: the sweep of unused images
 * cannot remove it from under the space.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("spaceImages")
    .addColumn("spaceSlug", "varchar(100)", (col) =>
      col.notNull().references("spaces.slug").onDelete("cascade"),
    )
    .addColumn("imageId", "varchar(64)", (col) => col.notNull().references("images.id"))
    // "photo" or "floor-plan".
    .addColumn("kind", "varchar(16)", (col) => col.notNull())
    .addColumn("position", "integer", (col) => col.notNull())
    .addColumn("alt", "varchar(200)", (col) => col.notNull())
    .addPrimaryKeyConstraint("space_images_pk", ["spaceSlug", "imageId"])
    .execute();
  await db.schema.createIndex("space_images_image_idx").on("spaceImages").column("imageId").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("spaceImages").execute();
}
