import { data, href } from "react-router";
import { requireUser } from "~/.server/accounts/auth.ts";
import { requireVerifiedAuthor } from "~/.server/accounts/email-verification.ts";
import { db } from "~/.server/db/index.ts";
import { readForm } from "~/.server/http/forms.ts";
import { postingRefusal } from "~/.server/http/throttles.ts";
import { redirectWithToast } from "~/.server/http/toast.ts";
import { createSampleBatch, sampleArticles } from "~/.server/posts/samples.ts";
import { statusOnSave } from "~/.server/site/settings.ts";
import type { Route } from "./+types/create-batch";

/** "Create Batch 2023": the ten sample articles, written under the signed-in user (ten posts of their hour's allowance). */
export async function action({ request, url }: Route.ActionArgs) {
  const user = await requireUser(request, url);
  await readForm(request);
  await requireVerifiedAuthor(user.id);
  const refusal = await postingRefusal(db(), user.id, sampleArticles().length);
  if (refusal) throw data(refusal, { status: 429 });
  await createSampleBatch(db(), user.id, await statusOnSave(db(), user, "publish"));
  return redirectWithToast(href("/dashboard"), "Batch Finished Successfully");
}
