import { useRouteLoaderData } from "react-router";
import { formTokenField } from "~/http/form-token-field.ts";
import type { RootData } from "~/http/root-data.ts";

/** The anti-forgery token the root loader issued a signed-in user (decision 028). */
export function useFormToken(): string {
  return (useRouteLoaderData("root") as RootData | undefined)?.formToken ?? "";
}

/**
 * The anti-forgery token every state-changing form carries (decision 028): a signed-in user's
 * from the root loader; pages for people not signed in pass their own loader's token.
 */
export function FormTokenInput({ token }: { token?: string }) {
  const rootToken = useFormToken();
  return <input type="hidden" name={formTokenField} value={token ?? rootToken} />;
}
