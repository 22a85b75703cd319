import { requireOwner } from "~/.server/accounts/auth.ts";
import { db } from "~/.server/db/index.ts";
import { subscribersCsv } from "~/.server/subscriptions/subscribers.ts";
import { personalCacheControl } from "~/http/http-policy.ts";
import type { Route } from "./+types/manage-subscribers-csv";

/** Every subscriber as a spreadsheet file, for the owners only; never kept by a cache. */
export async function loader({ request, url }: Route.LoaderArgs) {
  await requireOwner(request, url);
  return new Response(await subscribersCsv(db()), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": 'attachment; filename="woollahra-moncur-subscribers.csv"',
      "Cache-Control": personalCacheControl,
    },
  });
}
