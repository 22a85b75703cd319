import { requireOwner } from "~/.server/accounts/auth.ts";
import { db } from "~/.server/db/index.ts";
import { enquiriesCsv } from "~/.server/site/enquiries.ts";
import { personalCacheControl } from "~/http/http-policy.ts";
import type { Route } from "./+types/manage-enquiries-csv";

/** Every enquiry as a spreadsheet file, for the owners only; never kept by a cache. */
export async function loader({ request, url }: Route.LoaderArgs) {
  await requireOwner(request, url);
  return new Response(await enquiriesCsv(db()), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": 'attachment; filename="woollahra-moncur-enquiries.csv"',
      "Cache-Control": personalCacheControl,
    },
  });
}
