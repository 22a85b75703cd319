import { Form, useRouteLoaderData } from "react-router";
import { mustVerify, type VerifyStep } from "~/accounts/mail-messages.ts";
import { formTokenField } from "~/http/form-token-field.ts";
import type { RootData } from "~/http/root-data.ts";

/** Why the user cannot publish yet, with a button that sends a (new) verification link. */
export function VerifyNotice({ step }: { step: VerifyStep }) {
  const root = useRouteLoaderData("root") as RootData | undefined;
  return (
    <div role="status" className="mb-8 rounded-md border border-brick bg-red-50 px-4 py-3 text-brick">
      <p>{mustVerify[step]}</p>
      <Form method="post" action="/verify-email/resend" className="mt-3">
        <input type="hidden" name={formTokenField} value={root?.formToken ?? ""} />
        <button
          type="submit"
          className="rounded-md bg-heritage-700 px-4 py-2 font-semibold text-white hover:bg-heritage-900"
        >
          {step === "follow the link" ? "Resend" : "Send link"}
        </button>
      </Form>
    </div>
  );
}
