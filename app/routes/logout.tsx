import { data, redirect } from "react-router";
import { signOut } from "~/.server/auth.ts";
import { config } from "~/.server/config.ts";
import { isCrossSite } from "~/.server/same-origin.ts";
import type { Route } from "./+types/logout";

async function logOut(request: Request): Promise<never> {
  throw redirect("/login", { status: 303, headers: await signOut(request) });
}

/** The user menu posts here; opening the address signs out too. */
export const action = ({ request }: Route.ActionArgs) => logOut(request);

/**
 * Opening the address is a change like the menu's POST, so it is judged like one: a link or
 * an image on another site must not end the session.
 */
export const loader = ({ request }: Route.LoaderArgs) => {
  const headers = {
    host: request.headers.get("host") ?? undefined,
    origin: request.headers.get("origin") ?? undefined,
    "sec-fetch-site": request.headers.get("sec-fetch-site") ?? undefined,
  };
  if (isCrossSite("POST", headers, config().publicUrl)) {
    throw data("Forbidden: this link was followed from another site.", { status: 403 });
  }
  return logOut(request);
};
