import { Form, useRouteLoaderData } from "react-router";
import { formTokenField } from "~/lib/form-token-field.ts";
import type { RootData } from "~/lib/root-data.ts";

/**
 * The one way to sign out: a POST carrying the anti-forgery token the root loader issued to
 * the signed-in user, so that no link, image or form on another page can end a session.
 */
export function LogOutForm({
  label,
  className,
  onSubmit,
}: {
  label: string;
  className: string;
  onSubmit?: () => void;
}) {
  const root = useRouteLoaderData<RootData>("root");
  return (
    <Form method="post" action="/logout" onSubmit={onSubmit}>
      <input type="hidden" name={formTokenField} value={root?.formToken ?? ""} />
      <button type="submit" className={className}>
        {label}
      </button>
    </Form>
  );
}
