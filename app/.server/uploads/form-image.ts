import { randomBytes } from "node:crypto";
import type { ImageInfo } from "~/uploads/image-variants.ts";
import { config } from "../config.ts";
import type { Db } from "../db/database.ts";
import { takeImageSlot } from "./image-slots.ts";
import { ImageRejected, processUpload } from "./images.ts";
import { reserveUpload } from "./upload-quota.ts";

/** What became of a form's image file: nothing sent, a processed image's id, or why it was refused. */
export interface FormImage {
  id?: string;
  image?: ImageInfo;
  error?: string;
}

/**
 * Without JavaScript an image arrives as a file in the form (with JavaScript it was already
 * uploaded with tus and only its id is sent). The file field is taken out of the form and the
 * file processed within the same bounds as a resumable upload: the process's image slots, the
 * user's limits.
 */
export async function imageFromForm(
  db: Db,
  form: FormData,
  field: string,
  userId: string,
): Promise<FormImage> {
  const file = form.get(field);
  form.delete(field);
  if (!(file instanceof File) || file.size === 0) return {};
  const release = takeImageSlot();
  if (!release) return { error: "The server is busy with other images. Send the form again in a minute." };
  try {
    const id = randomBytes(16).toString("hex");
    const refused = await reserveUpload(db, { id, userId, bytes: file.size }, config().unusedImageGraceMs);
    if (refused) return { error: refused.message };
    const image = await processUpload(db, id, Buffer.from(await file.arrayBuffer()), userId);
    return { id, image };
  } catch (error) {
    if (error instanceof ImageRejected) return { error: error.message };
    throw error;
  } finally {
    release();
  }
}
