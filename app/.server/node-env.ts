/**
 * Imported first by server.ts: React and its peers read NODE_ENV when they load, so it must
 * be settled before they are imported. Production unless told otherwise.
 */
process.env.NODE_ENV =
  process.env.NODE_ENV === "development" || process.env.NODE_ENV === "test"
    ? process.env.NODE_ENV
    : "production";
