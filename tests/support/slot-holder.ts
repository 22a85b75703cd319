import { parentPort, workerData } from "node:worker_threads";
import { shareImageSlots, takeImageSlot } from "../../app/.server/uploads/image-slots.ts";

/** A thread that takes an image slot, says whether it got it, and stops without giving it back. */
shareImageSlots(workerData as Int32Array);
parentPort?.postMessage(takeImageSlot() !== null);
