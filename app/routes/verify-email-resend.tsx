import { href, redirect } from "react-router";
import { requireUser } from "~/.server/accounts/auth.ts";
import { resendVerification } from "~/.server/accounts/email-verification.ts";
import { config } from "~/.server/config.ts";
import { db } from "~/.server/db/index.ts";
import { readForm } from "~/.server/http/forms.ts";
import { redirectWithToast } from "~/.server/http/toast.ts";
import { appPage } from "~/http/page-kinds.ts";
import type { Route } from "./+types/verify-email-resend";

/** A writing page: it hydrates (decision 025). */
export const handle = appPage;

/** Only the Resend button's POST; a visit goes where the button is. */
export function loader() {
  return redirect(href("/create-post"));
}

export async function action({ request, url }: Route.ActionArgs) {
  const user = await requireUser(request, url);
  await readForm(request);
  return redirectWithToast(href("/create-post"), await resendVerification(db(), user, config().publicUrl));
}
