import { parentPort, workerData } from "node:worker_threads";
import { localStorage } from "../../app/.server/uploads/storage/local.ts";

/** A thread that writes one image variant again and again, then reports what failed. */
const { root, key, fill, bytes, rounds } = workerData as {
  root: string;
  key: string;
  fill: number;
  bytes: number;
  rounds: number;
};
const store = localStorage(root);
const errors: string[] = [];
for (let round = 0; round < rounds; round++) {
  await store.put(key, Buffer.alloc(bytes, fill), "image/webp").catch((error: unknown) => {
    errors.push(String(error));
  });
}
parentPort?.postMessage(errors);
