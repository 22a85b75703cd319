import { href, redirect } from "react-router";
import { getUser, signOut } from "~/.server/accounts/auth.ts";
import { readForm } from "~/.server/http/forms.ts";
import { AuthCard } from "~/components/AuthCard.tsx";
import { LogOutForm } from "~/components/LogOutForm.tsx";
import { appPage } from "~/http/page-kinds.ts";
import { rootData } from "~/http/root-data.ts";
import { seoMeta } from "~/site/seo.ts";
import type { Route } from "./+types/logout";

/** A writing page: it hydrates (decision 025). */
export const handle = appPage;

/**
 * Opening the address changes nothing: a browser opens it for any link or image that leads
 * here, from any page. It asks instead, and only the form's POST signs out.
 */
export async function loader({ request }: Route.LoaderArgs) {
  if (!(await getUser(request))) throw redirect(href("/login"));
  return null;
}

/** The user menu's and this page's form. */
export async function action({ request }: Route.ActionArgs) {
  await readForm(request);
  throw redirect(href("/login"), { status: 303, headers: await signOut(request) });
}

export function meta({ matches }: Route.MetaArgs) {
  return seoMeta(rootData(matches).publicUrl, {
    title: "Log out",
    description: "Log out of Woollahra Moncur.",
    path: href("/logout"),
  });
}

export default function LogOut({ matches }: Route.ComponentProps) {
  return (
    <AuthCard title="Log out">
      <p className="mb-6">You are signed in as {rootData(matches).email}.</p>
      <LogOutForm
        label="Log out"
        formToken={rootData(matches).formToken}
        className="w-full rounded-md bg-heritage-700 px-4 py-2.5 font-semibold text-white hover:bg-heritage-900"
      />
    </AuthCard>
  );
}
