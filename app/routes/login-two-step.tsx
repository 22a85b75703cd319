import { parseWithZod } from "@conform-to/zod/v4";
import { data, href, redirect } from "react-router";
import { getUser } from "~/.server/accounts/auth.ts";
import { finishSignIn, signInWaitingForCode } from "~/.server/accounts/two-step.ts";
import { db } from "~/.server/db/index.ts";
import { issueFormToken } from "~/.server/http/form-token.ts";
import { readForm } from "~/.server/http/forms.ts";
import { requestContext } from "~/.server/http/request-context.ts";
import { isAppCode, twoStepMessages, twoStepSignInSchema } from "~/accounts/two-step-schema.ts";
import { AuthCard } from "~/components/AuthCard.tsx";
import { AppLink } from "~/components/PageLink.tsx";
import { TwoStepCodeForm } from "~/components/TwoStepForms.tsx";
import { appPage } from "~/http/page-kinds.ts";
import { rootData } from "~/http/root-data.ts";
import { logInPage, safeRedirect } from "~/http/safe-redirect.ts";
import { seoMeta } from "~/site/seo.ts";
import type { Route } from "./+types/login-two-step";

/** A writing page: it hydrates (decision 025). */
export const handle = appPage;

export async function loader({ request, url }: Route.LoaderArgs) {
  const redirectTo = safeRedirect(url.searchParams.get("redirectTo"));
  if (await getUser(request)) throw redirect(redirectTo);
  // No redirect when none waits: after five wrong codes the page must still say why.
  const waiting = Boolean(await signInWaitingForCode(request));
  const { token, headers } = issueFormToken(request);
  return data({ redirectTo, formToken: token, waiting }, { headers });
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const submission = parseWithZod(form, { schema: twoStepSignInSchema });
  if (submission.status !== "success")
    return data({ result: submission.reply({ hideFields: ["code"] }) }, { status: 400 });
  const { code, redirectTo } = submission.value;
  const { clientAddress } = context.get(requestContext);
  const result = await finishSignIn(db(), request, clientAddress, code, isAppCode(code));
  if (!result.ok)
    return data(
      { result: submission.reply({ formErrors: [result.message], hideFields: ["code"] }) },
      { status: result.status },
    );
  throw redirect(safeRedirect(redirectTo), { status: 303, headers: result.headers });
}

export function meta({ matches }: Route.MetaArgs) {
  return [
    ...seoMeta(rootData(matches).publicUrl, {
      title: "Two-step sign-in",
      description: "The second step of logging in to Woollahra Moncur: a code from your authenticator app.",
      path: href("/login/two-step"),
    }),
    { name: "robots", content: "noindex" },
  ];
}

export default function LoginTwoStep({ loaderData, actionData }: Route.ComponentProps) {
  const { waiting, formToken, redirectTo } = loaderData;
  const again = (
    <AppLink
      href={logInPage("/login", redirectTo)}
      className="text-heritage-700 underline underline-offset-4"
    >
      {waiting ? "Start again from log in" : "Log in"}
    </AppLink>
  );
  if (!waiting)
    return (
      <AuthCard title="Two-step sign-in">
        <p role="alert" className="mb-4">
          {actionData?.result.error?.[""]?.[0] ?? twoStepMessages.expired}
        </p>
        <p className="text-center">{again}</p>
      </AuthCard>
    );
  return (
    <AuthCard title="Two-step sign-in">
      <p className="mb-4">
        Enter the 6-digit code your authenticator app shows for Woollahra Moncur. Lost your phone? Enter one
        of your recovery codes instead.
      </p>
      <TwoStepCodeForm
        lastResult={actionData?.result}
        formToken={formToken}
        redirectTo={redirectTo === "/" ? undefined : redirectTo}
      />
      <p className="mt-4 text-center">{again}</p>
    </AuthCard>
  );
}
