import { config } from "../../config.ts";
import { singleton } from "../../singleton.ts";
import { localStorage } from "./local.ts";
import type { Storage } from "./storage.ts";

/** The image store; the S3 client is loaded only when a bucket is configured. */
export function storage(): Promise<Storage> {
  return singleton("storage", async () => {
    const { storage: store, dataDir } = config();
    if (store.kind === "local") return localStorage(`${dataDir}/images`);
    const { s3Storage } = await import("./s3.ts");
    return s3Storage(store, "images");
  });
}
