import { mkdirSync } from "node:fs";
import { buffer } from "node:stream/consumers";
import { FileStore } from "@tus/file-store";
import type { UploadArea } from "./upload-area.ts";

/** Uploads as files in one directory, removed after `lifetimeMs` if never finished. */
export function localUploads(directory: string, lifetimeMs: number): UploadArea {
  mkdirSync(directory, { recursive: true });
  const datastore = new FileStore({ directory, expirationPeriodInMilliseconds: lifetimeMs });
  return {
    datastore,
    keyPrefix: "",
    read: (id) => buffer(datastore.read(id)),
    discard: (id) => datastore.remove(id).catch(() => {}),
    sweep: () => datastore.deleteExpired(),
  };
}
