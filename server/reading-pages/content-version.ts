const versionPollMs = 500;

export interface ContentVersion {
  /** The version as last read; undefined while it is being re-read, when no page may be cached. */
  current(): number | undefined;
  /**
   * Called before a possible write is answered, so no thread serves a cached page the
   * writer could then ask for until it has read the new version.
   */
  changing(): void;
  refresh(): Promise<void>;
}

/**
 * The content version as last read from the database: re-read twice a second (another
 * instance may have written) and at once after every write by any thread of this server
 * (`writes` is shared by all of them).
 */
export function trackContentVersion(read: () => Promise<number>, writes: Int32Array): ContentVersion {
  let known: number | undefined;
  let reads = 0;
  let writesSeen = Atomics.load(writes, 0);
  const refresh = async () => {
    const ticket = ++reads;
    try {
      const version = await read();
      if (ticket === reads) known = version;
    } catch {
      if (ticket === reads) known = undefined;
    }
  };
  const timer = setInterval(refresh, versionPollMs);
  timer.unref();
  return {
    current() {
      const latest = Atomics.load(writes, 0);
      if (latest !== writesSeen) {
        writesSeen = latest;
        known = undefined;
        void refresh();
      }
      return known;
    },
    changing: () => {
      Atomics.add(writes, 0, 1);
    },
    refresh,
  };
}
