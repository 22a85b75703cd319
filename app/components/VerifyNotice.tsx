import { Form, href } from "react-router";
import { mustVerify, type VerifyStep } from "~/accounts/mail-messages.ts";
import { FormTokenInput } from "~/components/FormTokenInput.tsx";

/** Why the user cannot publish yet, with a button that sends a (new) verification link. */
export function VerifyNotice({ step }: { step: VerifyStep }) {
  return (
    <div role="status" className="mb-8 rounded-md border border-brick bg-red-50 px-4 py-3 text-brick">
      <p>{mustVerify[step]}</p>
      <Form method="post" action={href("/verify-email/resend")} className="mt-3">
        <FormTokenInput />
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
