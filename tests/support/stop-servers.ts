import { afterAll } from "vitest";
import { stopAllServers } from "./server.ts";

// However a test file ends, none of its servers outlives it.
afterAll(stopAllServers);
