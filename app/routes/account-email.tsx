import { useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, href } from "react-router";
import { requireUser } from "~/.server/accounts/auth.ts";
import { requestEmailChange } from "~/.server/accounts/email-change.ts";
import { config } from "~/.server/config.ts";
import { db } from "~/.server/db/index.ts";
import { readForm } from "~/.server/http/forms.ts";
import { requestContext } from "~/.server/http/request-context.ts";
import { emailChangeSchema } from "~/accounts/credentials-schema.ts";
import { AuthCard } from "~/components/AuthCard.tsx";
import { dirtyOrTouched, FormAlert, liveFormProps, SubmitButton, TextField } from "~/components/forms.tsx";
import { useHydrated } from "~/components/use-hydrated.ts";
import { formTokenField } from "~/http/form-token-field.ts";
import { appPage } from "~/http/page-kinds.ts";
import { rootData } from "~/http/root-data.ts";
import { seoMeta } from "~/site/seo.ts";
import type { Route } from "./+types/account-email";

/** A writing page: it hydrates (decision 025). */
export const handle = appPage;

export async function loader({ request, url }: Route.LoaderArgs) {
  const user = await requireUser(request, url);
  return { email: user.email };
}

export async function action({ request, url, context }: Route.ActionArgs) {
  const user = await requireUser(request, url);
  const form = await readForm(request);
  const submission = parseWithZod(form, { schema: emailChangeSchema });
  if (submission.status !== "success")
    return data({ result: submission.reply({ hideFields: ["password"] }), sentTo: null }, { status: 400 });
  const { email, password } = submission.value;
  const { clientAddress } = context.get(requestContext);
  const result = await requestEmailChange(db(), user, clientAddress, email, password, config().publicUrl);
  if (!result.ok) {
    const reply = result.field
      ? submission.reply({ fieldErrors: { [result.field]: [result.message] }, hideFields: ["password"] })
      : submission.reply({ formErrors: [result.message], hideFields: ["password"] });
    return data({ result: reply, sentTo: null }, { status: result.status });
  }
  return { result: submission.reply({ resetForm: true }), sentTo: email };
}

export function meta({ matches }: Route.MetaArgs) {
  return seoMeta(rootData(matches).publicUrl, {
    title: "Change your e-mail address",
    description: "Change the e-mail address of your Woollahra Moncur account.",
    path: href("/account/email"),
  });
}

export default function AccountEmail({ loaderData, actionData, matches }: Route.ComponentProps) {
  const hydrated = useHydrated();
  const { formToken } = rootData(matches);
  const [form, fields] = useForm({
    id: "email-change",
    lastResult: actionData?.result,
    ...dirtyOrTouched,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: emailChangeSchema }),
  });
  const valid = emailChangeSchema.safeParse(form.value ?? {}).success;
  return (
    <AuthCard title="Change your e-mail address">
      <p className="mb-4">
        Your address now: <strong>{loaderData.email}</strong>
        {". We'll"} send a link to the new address; the change happens when you follow it. Your current
        address gets a notice.
      </p>
      {actionData?.sentTo && (
        <p role="status" className="mb-4 rounded-md border border-heritage-700 bg-sandstone-50 px-4 py-3">
          {`We've sent a link to ${actionData.sentTo}. Follow it within a day to confirm the change.`}
        </p>
      )}
      <Form method="post" {...liveFormProps(form)} noValidate className="space-y-2">
        <input type="hidden" name={formTokenField} value={formToken ?? ""} />
        <TextField label="New email" field={fields.email} type="email" autoComplete="email" />
        <TextField
          label="Current password"
          field={fields.password}
          type="password"
          autoComplete="current-password"
        />
        <SubmitButton disabled={hydrated && !valid}>Send the link</SubmitButton>
        <FormAlert id={form.errorId} errors={form.errors} />
      </Form>
    </AuthCard>
  );
}
