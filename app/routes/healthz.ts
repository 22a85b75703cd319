import { sql } from "kysely";
import { db } from "~/.server/db/index.ts";

/** For load balancers and monitors: 200 when the database answers, 503 when it does not. */
export async function loader() {
  const headers = { "Cache-Control": "no-store" };
  try {
    await sql`select 1`.execute(db());
    return Response.json({ status: "ok", database: "ok" }, { headers });
  } catch {
    return Response.json({ status: "error", database: "unreachable" }, { status: 503, headers });
  }
}
