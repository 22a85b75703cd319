import { mkdirSync } from "node:fs";
import { buffer } from "node:stream/consumers";
import { FileStore } from "@tus/file-store";
import type { UploadArea } from "./upload-area.ts";

/** Uploads as files in one directory; one not finished within `lifetimeMs` can no longer be continued. */
export function localUploads(directory: string, lifetimeMs: number): UploadArea {
  mkdirSync(directory, { recursive: true });
  const datastore = new FileStore({ directory, expirationPeriodInMilliseconds: lifetimeMs });
  return {
    datastore,
    keyPrefix: "",
    read: (id) => buffer(datastore.read(id)),
    discard: (id) => datastore.remove(id).catch(() => {}),
  };
}
