import { href } from "react-router";
import { formTokenField } from "~/http/form-token-field.ts";

/**
 * The one way to sign out: a POST carrying the anti-forgery token the root loader issued to
 * the signed-in user, so that no link, image or form on another page can end a session. A
 * plain form: signing out lands on a reading page, a document load, and the form renders
 * outside the router too (a signed-in reader's navbar fragment, decision 025).
 */
export function LogOutForm({
  label,
  className,
  formToken,
  onSubmit,
}: {
  label: string;
  className: string;
  formToken: string | null;
  onSubmit?: () => void;
}) {
  return (
    <form method="post" action={href("/logout")} onSubmit={onSubmit}>
      <input type="hidden" name={formTokenField} value={formToken ?? ""} />
      <button type="submit" className={className}>
        {label}
      </button>
    </form>
  );
}
