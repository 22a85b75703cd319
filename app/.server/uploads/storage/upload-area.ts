import type { DataStore } from "@tus/utils";

/** Where tus keeps uploads while they arrive, whichever backend holds them. */
export interface UploadArea {
  datastore: DataStore;
  /** Put before every upload id so uploads sit in their own folder of a shared bucket. */
  keyPrefix: string;
  /** The bytes of a finished upload (at most the upload limit, so held in memory). */
  read(id: string): Promise<Buffer>;
  /** Removes everything kept for an upload, finished or not. */
  discard(id: string): Promise<void>;
}
