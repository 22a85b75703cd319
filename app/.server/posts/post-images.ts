import { imageIdsIn } from "~/posts/markdown.ts";
import type { ImageInfo } from "~/uploads/image-variants.ts";
import type { Db } from "../db/database.ts";

/**
 * Records the images a post's text shows (`postImages`, decision 037), at every save: of those
 * it names, the ones uploaded by `uploaders` (its author, and whoever saves it) or already
 * recorded for it. Anyone else's image is not recorded, so the post neither shows it nor keeps
 * it from the sweep. Images it stops showing are released: the sweep removes them once the
 * grace period has passed, unless something else uses them.
 */
export async function recordTextImages(
  trx: Db,
  slug: string,
  content: string,
  uploaders: string[],
  now: number,
  /** Work kept aside (a pending autosave, decision 038): its images are added, none released. */
  { addOnly = false }: { addOnly?: boolean } = {},
): Promise<void> {
  const named = imageIdsIn(content);
  const recorded = (
    await trx.selectFrom("postImages").select("imageId").where("slug", "=", slug).execute()
  ).map((row) => row.imageId);
  const shown =
    named.length === 0
      ? []
      : (
          await trx
            .selectFrom("images")
            .select("id")
            .where("id", "in", named)
            .where((eb) =>
              eb.or([
                ...(uploaders.length > 0 ? [eb("userId", "in", uploaders)] : []),
                ...(recorded.length > 0 ? [eb("id", "in", recorded)] : []),
              ]),
            )
            .execute()
        ).map((row) => row.id);
  const dropped = addOnly ? [] : recorded.filter((id) => !shown.includes(id));
  const added = shown.filter((id) => !recorded.includes(id));
  if (dropped.length > 0) {
    await trx.deleteFrom("postImages").where("slug", "=", slug).where("imageId", "in", dropped).execute();
    await trx.updateTable("images").set({ releasedAt: now }).where("id", "in", dropped).execute();
  }
  if (added.length > 0)
    await trx
      .insertInto("postImages")
      .values(added.map((imageId) => ({ slug, imageId })))
      .execute();
}

/** The images each of these posts' texts may show, by slug. */
export async function textImagesBySlug(db: Db, slugs: string[]): Promise<Map<string, ImageInfo[]>> {
  const bySlug = new Map<string, ImageInfo[]>();
  if (slugs.length === 0) return bySlug;
  const rows = await db
    .selectFrom("postImages")
    .innerJoin("images", "images.id", "postImages.imageId")
    .select(["postImages.slug", "images.id", "images.width", "images.height", "images.fallback"])
    .where("postImages.slug", "in", slugs)
    .orderBy("images.id")
    .execute();
  for (const { slug, ...image } of rows)
    bySlug.set(slug, [
      ...(bySlug.get(slug) ?? []),
      { ...image, width: Number(image.width), height: Number(image.height) },
    ]);
  return bySlug;
}

/** The images a post's text may show: those it records. */
export async function textImagesOf(db: Db, slug: string): Promise<ImageInfo[]> {
  return (await textImagesBySlug(db, [slug])).get(slug) ?? [];
}
