import type { Server } from "node:http";
import type { Logger } from "pino";
import type { Config } from "../app/.server/config.ts";
import { fail } from "./fail.ts";
import {
  ensurePortFree,
  isFirstThread,
  onStopRequest,
  type SharedCounters,
  startMoreThreads,
} from "./threads.ts";

const shutdownGraceMs = 10_000;

/**
 * Against slow clients: whole headers within 15 s, a whole request (a 5 MB upload chunk on a
 * slow line included) within 2 minutes; idle keep-alive connections stay open longer than a
 * load balancer's (60 s), so it, not we, closes them and never sends a request on a socket
 * we are closing.
 */
export const serverTimeouts = {
  headersTimeout: 15_000,
  requestTimeout: 120_000,
  keepAliveTimeout: 65_000,
  connectionsCheckingInterval: 2_000,
};

interface ServeOptions {
  config: Config;
  counters: SharedCounters;
  logger: Logger;
  /** The module the threads run (server.ts, or its chunk of the build). */
  entry: URL;
  /** Closes what the application holds (the database) once every request has finished. */
  stopApp(): Promise<void>;
}

/**
 * Listens on the port, with a thread per core in production (each listening on the same port;
 * the first starts the others), and stops gently: on SIGTERM, stop accepting, let requests in
 * flight finish (their connections then close), stop the other threads the same way, close
 * the database, exit. Whatever is still open after the grace period is cut.
 */
export async function serve(server: Server, { config, counters, logger, entry, stopApp }: ServeOptions) {
  const threads = config.production ? config.threads : 1;
  const sharedPort = threads > 1;
  const cannotListen = (error: NodeJS.ErrnoException) =>
    fail(
      error.code === "EADDRINUSE"
        ? `PORT ${config.port} is already in use`
        : error.code === "EADDRNOTAVAIL"
          ? `HOST ${config.host} is not an address of this machine`
          : error.message,
    );
  if (sharedPort && isFirstThread) await ensurePortFree(config.port, config.host).catch(cannotListen);
  server.on("error", cannotListen);
  server.listen({ port: config.port, host: config.host, reusePort: sharedPort }, () => {
    if (!isFirstThread) return;
    const serving = threads > 1 ? `, ${threads} threads` : "";
    const where = config.host ? `${config.host} port ${config.port}` : `port ${config.port}`;
    logger.info(`Woollahra Moncur is running at ${config.publicUrl} (${where}${serving})`);
  });
  const moreThreads =
    sharedPort && isFirstThread ? startMoreThreads(entry, threads - 1, counters, logger) : undefined;

  let stopping = false;
  server.on("request", (_req, res) => {
    if (stopping) res.setHeader("Connection", "close");
  });
  const shutdown = () => {
    stopping = true;
    const othersStopped = moreThreads?.stop(shutdownGraceMs);
    server.close(async () => {
      await othersStopped;
      await stopApp();
      process.exit(0);
    });
    server.closeIdleConnections();
    setTimeout(() => server.closeAllConnections(), shutdownGraceMs).unref();
  };
  if (isFirstThread) {
    process.once("SIGTERM", shutdown);
    process.once("SIGINT", shutdown);
  } else {
    onStopRequest(shutdown);
  }
}
