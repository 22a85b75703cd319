import { log } from "./log.ts";

/** Work done in rounds, one after another with a pause between, until stopped. */
export interface Rounds {
  /** Stops after the round in progress, and waits for it. */
  stop(): Promise<void>;
}

/**
 * Runs `round` at once, then again `pauseMs` after each round ends (never two at a time). A
 * round that fails is logged with `failure` and the next comes as usual.
 */
export function inRounds(round: () => Promise<unknown>, pauseMs: number, failure: string): Rounds {
  let stopped = false;
  let running: Promise<unknown> = Promise.resolve();
  let timer: NodeJS.Timeout;
  const tick = () => {
    if (stopped) return;
    running = round()
      .catch((error: unknown) => log().warn({ err: error }, failure))
      .finally(() => {
        if (!stopped) timer = setTimeout(tick, pauseMs).unref();
      });
  };
  timer = setTimeout(tick, 0).unref();
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
