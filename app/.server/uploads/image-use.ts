import { type RawBuilder, sql } from "kysely";

/**
 * Nothing uses the image: no post as its cover or in its text (`postImages`), no space as a
 * photo or floor plan (`spaceImages`). What the sweep removes and the upload limits count.
 */
export function unusedImage(imageId: string): RawBuilder<boolean> {
  const id = sql.ref(imageId);
  return sql<boolean>`not exists (select 1 from ${sql.table("posts")} where ${sql.ref("posts.coverImageId")} = ${id})
    and not exists (select 1 from ${sql.table("postImages")} where ${sql.ref("postImages.imageId")} = ${id})
    and not exists (select 1 from ${sql.table("spaceImages")} where ${sql.ref("spaceImages.imageId")} = ${id})`;
}
