import { requireUser } from "~/.server/auth.ts";
import { db } from "~/.server/db/index.ts";
import { createSampleBatch } from "~/.server/samples.ts";
import { redirectWithToast } from "~/.server/toast.ts";
import type { Route } from "./+types/create-batch";

/** "Create Batch 2023": the ten sample articles, written under the signed-in user. */
export async function action({ request, url }: Route.ActionArgs) {
  const user = await requireUser(request, url);
  await createSampleBatch(db(), user.id);
  return redirectWithToast("/dashboard", "Batch Finished Successfully");
}
