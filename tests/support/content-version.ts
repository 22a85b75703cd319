import { sql } from "kysely";
import type { Db } from "~/.server/db/database.ts";

/**
 * After the database was changed behind the site's back: bumps the content version pages are
 * cached under, then has every thread of the server at `baseUrl` read it before its next
 * answer. Any POST a thread answers marks the version as changing for all of them, which
 * re-read it at once (decision 006), so no test waits for the half-second poll. Another
 * instance on the same database still catches up by its poll.
 */
export async function contentChanged(db: Db, baseUrl: string): Promise<void> {
  await sql`update "contentVersion" set version = version + 1`.execute(db);
  // A resource route with no action: 405, after the version was marked as changing.
  const response = await fetch(`${baseUrl}/healthz`, { method: "POST" });
  if (response.status !== 405) throw new Error(`expected 405 from POST /healthz, got ${response.status}`);
}
