import { parseWithZod } from "@conform-to/zod/v4";
import { data, href, redirect } from "react-router";
import { register } from "~/.server/accounts/accounts.ts";
import { getUser } from "~/.server/accounts/auth.ts";
import { refusingCommonPasswords } from "~/.server/accounts/passwords.ts";
import { db } from "~/.server/db/index.ts";
import { issueFormToken } from "~/.server/http/form-token.ts";
import { readForm } from "~/.server/http/forms.ts";
import { requestContext } from "~/.server/http/request-context.ts";
import { redirectWithToast } from "~/.server/http/toast.ts";
import { siteSettings } from "~/.server/site/settings.ts";
import { registrationSchema } from "~/accounts/credentials-schema.ts";
import { AuthCard } from "~/components/AuthCard.tsx";
import { CredentialsForm } from "~/components/CredentialsForm.tsx";
import { AppLink, PageLink } from "~/components/PageLink.tsx";
import { appPage } from "~/http/page-kinds.ts";
import { rootData } from "~/http/root-data.ts";
import { seoMeta } from "~/site/seo.ts";
import { registrationClosedMessage } from "~/site/site-settings.ts";
import type { Route } from "./+types/register";

/** A writing page: it hydrates (decision 025). */
export const handle = appPage;

export async function loader({ request, url }: Route.LoaderArgs) {
  if (await getUser(request)) throw redirect(href("/"));
  const { token, headers } = issueFormToken(request);
  const closed = (await siteSettings(db())).registration === "closed";
  return data({ registered: url.searchParams.has("registered"), closed, formToken: token }, { headers });
}

const serverSchema = refusingCommonPasswords(registrationSchema);

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const submission = await parseWithZod(form, { schema: serverSchema, async: true });
  if (submission.status !== "success") {
    return data({ result: submission.reply({ hideFields: ["password"] }) }, { status: 400 });
  }
  const { clientAddress } = context.get(requestContext);
  const result = await register(db(), clientAddress, submission.value.email, submission.value.password);
  if (!result.ok) {
    return data(
      { result: submission.reply({ formErrors: [result.message], hideFields: ["password"] }) },
      { status: result.status },
    );
  }
  return redirectWithToast(`${href("/register")}?registered`, "User registered");
}

export function meta({ matches }: Route.MetaArgs) {
  return seoMeta(rootData(matches).publicUrl, {
    title: "Register",
    description: "Create a Woollahra Moncur account to write posts for the building's blog.",
    path: href("/register"),
  });
}

function LogInInstead() {
  return (
    <p className="mt-6 text-center">
      Already registered?{" "}
      <AppLink href={href("/login")} className="font-semibold text-heritage-700 underline underline-offset-4">
        Log in
      </AppLink>
    </p>
  );
}

export default function Register({ loaderData, actionData }: Route.ComponentProps) {
  if (loaderData.registered) {
    return (
      <AuthCard title="Account created">
        <p className="text-lg">
          Your account is ready. Log in with your email and password to start writing.
        </p>
        <AppLink
          href={href("/login")}
          className="mt-6 block rounded-md bg-heritage-700 px-4 py-2.5 text-center font-semibold text-white hover:bg-heritage-900"
        >
          Log in
        </AppLink>
      </AuthCard>
    );
  }
  if (loaderData.closed) {
    return (
      <AuthCard title="Registration is closed">
        <p className="text-lg">{registrationClosedMessage}</p>
        <LogInInstead />
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Register">
      <CredentialsForm
        id="register"
        submitLabel="Register"
        lastResult={actionData?.result}
        formToken={loaderData.formToken}
      />
      <p className="mt-6 text-center text-sm text-slate-700">
        What the site keeps about you, and how to have it deleted:{" "}
        <PageLink
          href={href("/privacy")}
          className="font-semibold text-heritage-700 underline underline-offset-4"
        >
          Privacy
        </PageLink>
      </p>
      <LogInInstead />
    </AuthCard>
  );
}
