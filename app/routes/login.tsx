import { parseWithZod } from "@conform-to/zod/v4";
import { data, href, redirect } from "react-router";
import { logIn } from "~/.server/accounts/accounts.ts";
import { getUser } from "~/.server/accounts/auth.ts";
import { db } from "~/.server/db/index.ts";
import { issueFormToken } from "~/.server/http/form-token.ts";
import { readForm } from "~/.server/http/forms.ts";
import { requestContext } from "~/.server/http/request-context.ts";
import { logInSchema } from "~/accounts/credentials-schema.ts";
import { AuthCard } from "~/components/AuthCard.tsx";
import { CredentialsForm } from "~/components/CredentialsForm.tsx";
import { AppLink } from "~/components/PageLink.tsx";
import { appPage } from "~/http/page-kinds.ts";
import { rootData } from "~/http/root-data.ts";
import { logInPage, safeRedirect } from "~/http/safe-redirect.ts";
import { seoMeta } from "~/site/seo.ts";
import type { Route } from "./+types/login";

/** A writing page: it hydrates (decision 025). */
export const handle = appPage;

export async function loader({ request, url }: Route.LoaderArgs) {
  const redirectTo = safeRedirect(url.searchParams.get("redirectTo"));
  if (await getUser(request)) throw redirect(redirectTo);
  const { token, headers } = issueFormToken(request);
  return data({ redirectTo, formToken: token }, { headers });
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const submission = parseWithZod(form, { schema: logInSchema });
  if (submission.status !== "success") {
    return data({ result: submission.reply({ hideFields: ["password"] }) }, { status: 400 });
  }
  const { email, password, redirectTo } = submission.value;
  const result = await logIn(db(), request, context.get(requestContext).clientAddress, email, password);
  if (!result.ok) {
    return data(
      { result: submission.reply({ formErrors: [result.message], hideFields: ["password"] }) },
      { status: result.status },
    );
  }
  const next = safeRedirect(redirectTo);
  if (result.twoStep)
    throw redirect(logInPage("/login/two-step", next), { status: 303, headers: result.headers });
  throw redirect(next, { status: 303, headers: result.headers });
}

export function meta({ matches }: Route.MetaArgs) {
  return seoMeta(rootData(matches).publicUrl, {
    title: "Log in",
    description: "Log in to Woollahra Moncur to write and manage posts on the building's blog.",
    path: href("/login"),
  });
}

export default function Login({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <AuthCard title="Log in">
      <CredentialsForm
        id="login"
        submitLabel="Log in"
        lastResult={actionData?.result}
        formToken={loaderData.formToken}
        redirectTo={loaderData.redirectTo === "/" ? undefined : loaderData.redirectTo}
      />
      <p className="mt-4 text-center">
        <AppLink href={href("/forgot-password")} className="text-heritage-700 underline underline-offset-4">
          Forgot your password?
        </AppLink>
      </p>
      <p className="mt-4 text-center">
        New here?{" "}
        <AppLink
          href={href("/register")}
          className="font-semibold text-heritage-700 underline underline-offset-4"
        >
          Create an account
        </AppLink>
      </p>
    </AuthCard>
  );
}
