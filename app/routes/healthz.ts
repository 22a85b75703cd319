import { sql } from "kysely";
import { buildInfo } from "~/.server/build-info.ts";
import { db } from "~/.server/db/index.ts";

/**
 * For load balancers and monitors: 200 when the database answers, 503 when it does not; with
 * the commit running, so a deploy can be seen to have reached every instance.
 */
export async function loader() {
  const headers = { "Cache-Control": "no-store" };
  const { commit } = buildInfo;
  try {
    await sql`select 1`.execute(db());
    return Response.json({ status: "ok", database: "ok", commit }, { headers });
  } catch {
    return Response.json({ status: "error", database: "unreachable", commit }, { status: 503, headers });
  }
}
