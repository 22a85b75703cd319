import { useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, href, redirect } from "react-router";
import { getUser } from "~/.server/accounts/auth.ts";
import { requestPasswordReset } from "~/.server/accounts/password-reset.ts";
import { config } from "~/.server/config.ts";
import { db } from "~/.server/db/index.ts";
import { issueFormToken } from "~/.server/http/form-token.ts";
import { readForm } from "~/.server/http/forms.ts";
import { requestContext } from "~/.server/http/request-context.ts";
import { forgotPasswordSchema } from "~/accounts/credentials-schema.ts";
import { resetRequested } from "~/accounts/mail-messages.ts";
import { AuthCard } from "~/components/AuthCard.tsx";
import { dirtyOrTouched, FormAlert, liveFormProps, SubmitButton, TextField } from "~/components/forms.tsx";
import { PageLink } from "~/components/PageLink.tsx";
import { useHydrated } from "~/components/use-hydrated.ts";
import { formTokenField } from "~/http/form-token-field.ts";
import { appPage } from "~/http/page-kinds.ts";
import { rootData } from "~/http/root-data.ts";
import { seoMeta } from "~/site/seo.ts";
import type { Route } from "./+types/forgot-password";

/** A writing page: it hydrates (decision 025). */
export const handle = appPage;

export async function loader({ request }: Route.LoaderArgs) {
  if (await getUser(request)) throw redirect(href("/"));
  const { token, headers } = issueFormToken(request);
  return data({ formToken: token }, { headers });
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const submission = parseWithZod(form, { schema: forgotPasswordSchema });
  if (submission.status !== "success")
    return data({ result: submission.reply(), sent: false }, { status: 400 });
  const result = await requestPasswordReset(
    db(),
    context.get(requestContext).clientAddress,
    submission.value.email,
    config().publicUrl,
  );
  if (!result.ok)
    return data(
      { result: submission.reply({ formErrors: [result.message] }), sent: false },
      { status: result.status },
    );
  return { result: submission.reply(), sent: true };
}

export function meta({ matches }: Route.MetaArgs) {
  return seoMeta(rootData(matches).publicUrl, {
    title: "Forgot your password?",
    description: "Ask for a link to choose a new password for your Woollahra Moncur account.",
    path: href("/forgot-password"),
  });
}

export default function ForgotPassword({ loaderData, actionData }: Route.ComponentProps) {
  const hydrated = useHydrated();
  const [form, fields] = useForm({
    id: "forgot-password",
    lastResult: actionData?.result,
    ...dirtyOrTouched,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: forgotPasswordSchema }),
  });
  if (actionData?.sent) {
    return (
      <AuthCard title="Check your e-mail">
        <p role="status" className="text-lg">
          {resetRequested}
        </p>
        <p className="mt-4">
          The link works for an hour. Nothing arrived? Check your spam folder, or ask again.
        </p>
        <PageLink
          href={href("/login")}
          className="mt-6 block font-semibold text-heritage-700 underline underline-offset-4"
        >
          Back to log in
        </PageLink>
      </AuthCard>
    );
  }
  const valid = forgotPasswordSchema.safeParse(form.value ?? {}).success;
  return (
    <AuthCard title="Forgot your password?">
      <p className="mb-4">
        Enter your account's e-mail address and we'll send you a link to choose a new password.
      </p>
      <Form method="post" {...liveFormProps(form)} noValidate className="space-y-2">
        <input type="hidden" name={formTokenField} value={loaderData.formToken} />
        <TextField label="Email" field={fields.email} type="email" autoComplete="email" />
        <SubmitButton disabled={hydrated && !valid}>Send the link</SubmitButton>
        <FormAlert id={form.errorId} errors={form.errors} />
      </Form>
    </AuthCard>
  );
}
