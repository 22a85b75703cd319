import { createServer } from "node:net";
import { isMainThread, parentPort, Worker, workerData } from "node:worker_threads";
import type { Logger } from "pino";
import { freeImageSlotsOf, newImageSlots } from "../app/.server/uploads/image-slots.ts";

/**
 * One server process runs a thread per core, each a whole copy of the site listening on the
 * same port (SO_REUSEPORT: the kernel shares connections out). The first thread starts the
 * others and restarts any that stops; all of them share these counters.
 */
export interface SharedCounters {
  /** Bumped by a thread before it answers a request that may have changed content. */
  writes: Int32Array;
  /** Which threads are processing an image: the process processes only so many at once. */
  imageSlots: Int32Array;
}

const restartDelayMs = 1000;

export const isFirstThread = isMainThread;

/** The counters this thread shares with the others (made by the first thread). */
export function sharedCounters(): SharedCounters {
  if (isMainThread) return { writes: new Int32Array(new SharedArrayBuffer(4)), imageSlots: newImageSlots() };
  return workerData as SharedCounters;
}

/**
 * Resolves when nothing listens on `port`. Sockets that share a port must all ask to, so
 * without this check a second copy of the site started by mistake would quietly share
 * the port with the first instead of failing.
 */
export function ensurePortFree(port: number, host?: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen({ port, host, exclusive: true }, () => probe.close(() => resolve()));
  });
}

/** Starts `count` more threads running `entry` (this file's server); returns how to stop them all. */
export function startMoreThreads(
  entry: URL,
  count: number,
  counters: SharedCounters,
  logger: Logger,
): { stop(graceMs: number): Promise<void> } {
  const running = new Set<Worker>();
  let stopping = false;
  const start = (number: number) => {
    const worker = new Worker(entry, { workerData: counters });
    running.add(worker);
    worker.on("error", (error) => logger.error({ err: error, thread: number }, "server thread failed"));
    const { threadId } = worker;
    worker.on("exit", (code) => {
      running.delete(worker);
      freeImageSlotsOf(counters.imageSlots, threadId);
      if (stopping) return;
      logger.error({ thread: number, code }, "server thread stopped; starting it again");
      setTimeout(() => start(number), restartDelayMs).unref();
    });
  };
  for (let number = 1; number <= count; number++) start(number);
  return {
    async stop(graceMs) {
      stopping = true;
      await Promise.all(
        [...running].map(
          (worker) =>
            new Promise<void>((resolve) => {
              worker.once("exit", () => resolve());
              worker.postMessage("stop");
              // A thread that has not finished by the end of the grace period is ended.
              setTimeout(() => void worker.terminate(), graceMs + 1000).unref();
            }),
        ),
      );
    },
  };
}

/** In a thread the first one started: runs `stop` when the first thread asks. */
export function onStopRequest(stop: () => void): void {
  parentPort?.on("message", (message) => {
    if (message === "stop") stop();
  });
}
