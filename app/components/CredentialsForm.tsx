import { type SubmissionResult, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form } from "react-router";
import { logInSchema, registrationSchema } from "~/accounts/credentials-schema.ts";
import { useHydrated } from "~/components/use-hydrated.ts";
import { formTokenField } from "~/http/form-token-field.ts";
import { dirtyOrTouched, FormAlert, liveFormProps, SubmitButton, TextField } from "./forms.tsx";

interface CredentialsFormProps {
  id: "login" | "register";
  submitLabel: string;
  lastResult: SubmissionResult<string[]> | undefined;
  /** The anti-forgery token the server issued with the page (see form-token.ts). */
  formToken: string;
  redirectTo?: string;
}

/** Email and password, validated as the visitor types (with JavaScript) and on the server. */
export function CredentialsForm({
  id,
  submitLabel,
  lastResult,
  formToken,
  redirectTo,
}: CredentialsFormProps) {
  const hydrated = useHydrated();
  // The server's own check (common passwords) comes back with the reply.
  const schema = id === "login" ? logInSchema : registrationSchema;
  const [form, fields] = useForm({
    id,
    lastResult,
    ...dirtyOrTouched,
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
  const valid = schema.safeParse(form.value ?? {}).success;

  return (
    <Form method="post" {...liveFormProps(form)} noValidate className="space-y-2">
      <input type="hidden" name={formTokenField} value={formToken} />
      {redirectTo && <input type="hidden" name="redirectTo" value={redirectTo} />}
      <TextField label="Email" field={fields.email} type="email" autoComplete="email" />
      <TextField
        label="Password"
        field={fields.password}
        type="password"
        autoComplete={id === "login" ? "current-password" : "new-password"}
      />
      <SubmitButton disabled={hydrated && !valid}>{submitLabel}</SubmitButton>
      <FormAlert id={form.errorId} errors={form.errors} />
    </Form>
  );
}
