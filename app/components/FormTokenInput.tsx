import { useRouteLoaderData } from "react-router";
import { formTokenField } from "~/http/form-token-field.ts";
import type { RootData } from "~/http/root-data.ts";

/**
 * The anti-forgery token a signed-in user's forms carry (decision 028): the one the root
 * loader issued them. Pages for people not signed in pass their own loader's token.
 */
export function FormTokenInput({ token }: { token?: string }) {
  const root = useRouteLoaderData("root") as RootData | undefined;
  return <input type="hidden" name={formTokenField} value={token ?? root?.formToken ?? ""} />;
}
