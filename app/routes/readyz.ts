import { buildInfo } from "~/.server/build-info.ts";
import { db } from "~/.server/db/index.ts";
import { readiness } from "~/.server/readiness.ts";

/** For orchestrators: 200 when this instance can serve, 503 with the reason when it cannot. */
export async function loader() {
  const headers = { "Cache-Control": "no-store" };
  const { commit } = buildInfo;
  const state = await readiness(db());
  return state.ready
    ? Response.json({ status: "ready", commit }, { headers })
    : Response.json({ status: "not ready", reason: state.reason, commit }, { status: 503, headers });
}
