import { redirect } from "react-router";
import { signOut } from "~/.server/auth.ts";
import type { Route } from "./+types/logout";

async function logOut(request: Request): Promise<never> {
  throw redirect("/login", { status: 303, headers: await signOut(request) });
}

/** The user menu posts here; opening the address signs out too. */
export const action = ({ request }: Route.ActionArgs) => logOut(request);
export const loader = ({ request }: Route.LoaderArgs) => logOut(request);
