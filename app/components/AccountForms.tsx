import { type SubmissionResult, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form } from "react-router";
import { passwordChangeSchema, profileSchema } from "~/accounts/account-schema.ts";
import { FormTokenInput } from "~/components/FormTokenInput.tsx";
import { useHydrated } from "~/components/use-hydrated.ts";
import {
  dirtyOrTouched,
  FormAlert,
  liveFormProps,
  SubmitButton,
  TextAreaField,
  TextField,
} from "./forms.tsx";

export type LastResult = SubmissionResult<string[]> | undefined;

export function TokenAndIntent({ intent }: { intent: string }) {
  return (
    <>
      <FormTokenInput />
      <input type="hidden" name="intent" value={intent} />
    </>
  );
}

/** Display name (the byline), handle (the author page's address) and bio. */
export function ProfileForm({
  profile,
  lastResult,
}: {
  profile: { displayName: string | null; handle: string | null; bio: string | null };
  lastResult: LastResult;
}) {
  const hydrated = useHydrated();
  const [form, fields] = useForm({
    id: "profile",
    lastResult,
    defaultValue: {
      displayName: profile.displayName ?? "",
      handle: profile.handle ?? "",
      bio: profile.bio ?? "",
    },
    ...dirtyOrTouched,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: profileSchema }),
  });
  const valid = profileSchema.safeParse({ intent: "profile", ...form.value }).success;
  return (
    <Form method="post" {...liveFormProps(form)} noValidate className="space-y-2">
      <TokenAndIntent intent="profile" />
      <TextField
        label="Display name (shown on your posts)"
        field={fields.displayName}
        type="text"
        autoComplete="name"
      />
      <TextField
        label="Author handle (your page: /authors/handle)"
        field={fields.handle}
        type="text"
        autoComplete="off"
      />
      <TextAreaField label="Short bio (up to 300 characters)" field={fields.bio} rows={3} />
      <SubmitButton disabled={hydrated && !valid}>Save profile</SubmitButton>
      <FormAlert id={form.errorId} errors={form.errors} />
    </Form>
  );
}

/** The current password, then a new one; every other session ends. */
export function PasswordForm({ lastResult }: { lastResult: LastResult }) {
  const hydrated = useHydrated();
  const [form, fields] = useForm({
    id: "password",
    lastResult,
    ...dirtyOrTouched,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: passwordChangeSchema }),
  });
  const valid = passwordChangeSchema.safeParse({ intent: "password", ...form.value }).success;
  return (
    <Form method="post" {...liveFormProps(form)} noValidate className="space-y-2">
      <TokenAndIntent intent="password" />
      <TextField
        label="Current password"
        field={fields.currentPassword}
        type="password"
        autoComplete="current-password"
      />
      <TextField label="New password" field={fields.password} type="password" autoComplete="new-password" />
      <SubmitButton disabled={hydrated && !valid}>Change password</SubmitButton>
      <FormAlert id={form.errorId} errors={form.errors} />
    </Form>
  );
}

/** Ends every session of the user, this one too. */
export function SignOutEverywhereForm() {
  return (
    <Form method="post">
      <TokenAndIntent intent="sign-out-everywhere" />
      <button
        type="submit"
        className="rounded-md border border-heritage-700 px-5 py-2 font-semibold text-heritage-700 hover:bg-heritage-50"
      >
        Sign out everywhere
      </button>
    </Form>
  );
}

/**
 * Posts by e-mail for a signed-in user: their own address, subscribed at once (no
 * confirmation link: it is their account's), or unsubscribed.
 */
export function SubscriptionForm({
  subscription,
}: {
  subscription: "confirmed" | "pending" | "stopped" | null;
}) {
  const subscribed = subscription === "confirmed";
  return (
    <>
      <p className="mb-4">
        {subscribed
          ? "On: each new post is sent to your address."
          : subscription === "stopped"
            ? "Stopped: your address's mail server refused our messages three times, so we no longer send to it."
            : "Off: get each new post by e-mail, at your account's address."}
      </p>
      {subscription !== "stopped" && (
        <Form method="post">
          <TokenAndIntent intent={subscribed ? "unsubscribe" : "subscribe"} />
          <button
            type="submit"
            className="rounded-md border border-heritage-700 px-5 py-2 font-semibold text-heritage-700 hover:bg-heritage-50"
          >
            {subscribed ? "Stop sending me new posts" : "Send me new posts"}
          </button>
        </Form>
      )}
    </>
  );
}
