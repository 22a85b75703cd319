import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form } from "react-router";
import {
  twoStepConfirmSchema,
  twoStepPasswordSchema,
  twoStepSignInSchema,
} from "~/accounts/two-step-schema.ts";
import { useHydrated } from "~/components/use-hydrated.ts";
import { formTokenField } from "~/http/form-token-field.ts";
import { type LastResult, TokenAndIntent } from "./AccountForms.tsx";
import { FormAlert, SubmitButton, TextField } from "./forms.tsx";

/** The second step of log in: a code from the app, or one recovery code. */
export function TwoStepCodeForm({
  lastResult,
  formToken,
  redirectTo,
}: {
  lastResult: LastResult;
  formToken: string;
  redirectTo?: string;
}) {
  const hydrated = useHydrated();
  const [form, fields] = useForm({
    id: "two-step",
    lastResult,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: twoStepSignInSchema }),
  });
  const valid = twoStepSignInSchema.safeParse(form.value ?? {}).success;
  return (
    <Form method="post" {...getFormProps(form)} noValidate className="space-y-2">
      <input type="hidden" name={formTokenField} value={formToken} />
      {redirectTo && <input type="hidden" name="redirectTo" value={redirectTo} />}
      <TextField label="Code" field={fields.code} type="text" autoComplete="one-time-code" />
      <SubmitButton disabled={hydrated && !valid}>Continue</SubmitButton>
      <FormAlert id={form.errorId} errors={form.errors} />
    </Form>
  );
}

type PasswordIntent = "enable" | "disable" | "recovery-codes";

/** Turning two-step sign-in on or off, or new recovery codes: the password first. */
export function TwoStepPasswordForm({
  intent,
  submitLabel,
  lastResult,
}: {
  intent: PasswordIntent;
  submitLabel: string;
  lastResult: LastResult;
}) {
  const hydrated = useHydrated();
  const [form, fields] = useForm({
    id: `two-step-${intent}`,
    lastResult,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: twoStepPasswordSchema }),
  });
  const valid = twoStepPasswordSchema.safeParse({ intent, ...form.value }).success;
  return (
    <Form method="post" {...getFormProps(form)} noValidate className="space-y-2">
      <TokenAndIntent intent={intent} />
      <TextField
        label="Your password"
        field={fields.password}
        type="password"
        autoComplete="current-password"
      />
      <SubmitButton disabled={hydrated && !valid}>{submitLabel}</SubmitButton>
      <FormAlert id={form.errorId} errors={form.errors} />
    </Form>
  );
}

/** The first code from the app, which turns two-step sign-in on. */
export function TwoStepConfirmForm({ lastResult }: { lastResult: LastResult }) {
  const hydrated = useHydrated();
  const [form, fields] = useForm({
    id: "two-step-confirm",
    lastResult,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: twoStepConfirmSchema }),
  });
  const valid = twoStepConfirmSchema.safeParse({ intent: "confirm", ...form.value }).success;
  return (
    <Form method="post" {...getFormProps(form)} noValidate className="space-y-2">
      <TokenAndIntent intent="confirm" />
      <TextField label="Code from the app" field={fields.code} type="text" autoComplete="one-time-code" />
      <SubmitButton disabled={hydrated && !valid}>Turn on two-step sign-in</SubmitButton>
      <FormAlert id={form.errorId} errors={form.errors} />
    </Form>
  );
}

/** The QR code an authenticator app scans, drawn on the server (see qr-code.ts). */
export function QrCode({ size, path, label }: { size: number; path: string; label: string }) {
  return (
    <svg
      viewBox={`0 0 ${size} ${size}`}
      role="img"
      aria-label={label}
      className="h-auto w-56 max-w-full bg-white"
      shapeRendering="crispEdges"
    >
      <title>{label}</title>
      <path d={path} fill="#000" />
    </svg>
  );
}

/** Recovery codes, shown once: to print or copy somewhere safe. */
export function RecoveryCodes({ codes }: { codes: string[] }) {
  return (
    <div role="status" className="mt-10 rounded-xl border border-heritage-700 bg-heritage-50 p-5">
      <h2 className="text-2xl font-semibold">Your recovery codes</h2>
      <p className="mt-2">
        Keep these somewhere safe, away from your phone: each one signs you in once if you lose the app. They
        are shown only now; the site keeps no copy it could show again.
      </p>
      <ul className="mt-4 grid grid-cols-2 gap-2 font-mono text-lg" aria-label="Recovery codes">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
    </div>
  );
}
