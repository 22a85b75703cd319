import { useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, href } from "react-router";
import { peekLink } from "~/.server/accounts/links.ts";
import { resetPassword } from "~/.server/accounts/password-reset.ts";
import { refusingCommonPasswords } from "~/.server/accounts/passwords.ts";
import { db } from "~/.server/db/index.ts";
import { issueFormToken } from "~/.server/http/form-token.ts";
import { readForm } from "~/.server/http/forms.ts";
import { redirectWithToast } from "~/.server/http/toast.ts";
import { resetPasswordSchema } from "~/accounts/credentials-schema.ts";
import { resetLinkUnusable } from "~/accounts/mail-messages.ts";
import { AuthCard, LinkNoLongerWorks } from "~/components/AuthCard.tsx";
import { dirtyOrTouched, FormAlert, liveFormProps, SubmitButton, TextField } from "~/components/forms.tsx";
import { useHydrated } from "~/components/use-hydrated.ts";
import { formTokenField } from "~/http/form-token-field.ts";
import { appPage } from "~/http/page-kinds.ts";
import { rootData } from "~/http/root-data.ts";
import { seoMeta } from "~/site/seo.ts";
import type { Route } from "./+types/reset-password";

/** A writing page: it hydrates (decision 025). */
export const handle = appPage;

export async function loader({ request, params }: Route.LoaderArgs) {
  const { token, headers } = issueFormToken(request);
  const usable = (await peekLink(db(), "reset", params.token)) !== undefined;
  // 410: the link existed once, or never did; either way it will not work again.
  return data({ usable, formToken: token }, { headers, status: usable ? 200 : 410 });
}

const serverSchema = refusingCommonPasswords(resetPasswordSchema);

export async function action({ request, params }: Route.ActionArgs) {
  const form = await readForm(request);
  const submission = await parseWithZod(form, { schema: serverSchema, async: true });
  if (submission.status !== "success")
    return data({ result: submission.reply({ hideFields: ["password"] }) }, { status: 400 });
  if (!(await resetPassword(db(), params.token, submission.value.password))) {
    return data(
      { result: submission.reply({ formErrors: [resetLinkUnusable], hideFields: ["password"] }) },
      { status: 410 },
    );
  }
  return redirectWithToast(href("/login"), "Your password has been changed. Log in with the new one.");
}

export function meta({ matches }: Route.MetaArgs) {
  return [
    ...seoMeta(rootData(matches).publicUrl, {
      title: "Choose a new password",
      description: "Choose a new password for your Woollahra Moncur account.",
      path: href("/forgot-password"),
    }),
    { name: "robots", content: "noindex" },
  ];
}

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const hydrated = useHydrated();
  const [form, fields] = useForm({
    id: "reset-password",
    lastResult: actionData?.result,
    ...dirtyOrTouched,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: resetPasswordSchema }),
  });
  if (!loaderData.usable) {
    return (
      <LinkNoLongerWorks
        reason={resetLinkUnusable}
        href={href("/forgot-password")}
        next="Ask for a new link"
      />
    );
  }
  const valid = resetPasswordSchema.safeParse(form.value ?? {}).success;
  return (
    <AuthCard title="Choose a new password">
      <p className="mb-4">
        Saving it signs your account out on every device; then log in with the new password.
      </p>
      <Form method="post" {...liveFormProps(form)} noValidate className="space-y-2">
        <input type="hidden" name={formTokenField} value={loaderData.formToken} />
        <TextField label="New password" field={fields.password} type="password" autoComplete="new-password" />
        <SubmitButton disabled={hydrated && !valid}>Save the new password</SubmitButton>
        <FormAlert id={form.errorId} errors={form.errors} />
      </Form>
    </AuthCard>
  );
}
