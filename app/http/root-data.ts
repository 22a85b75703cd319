import type { ShownBuilding } from "~/site/building.ts";

export interface RootData {
  publicUrl: string;
  production: boolean;
  year: number;
  requestId: string;
  /** This rendering's script nonce (it is in the page's script tags anyway). */
  nonce: string;
  /** The signed-in user's email, or null for a visitor. */
  email: string | null;
  /** Whether the signed-in user runs the site (the user menu offers Manage). */
  owner: boolean;
  /** Whether the site takes new accounts (the navbar offers Register). */
  registrationOpen: boolean;
  /** The signed-in user's anti-forgery token for the log-out form (see LogOutForm). */
  formToken: string | null;
  /** A one-time notice carried across a redirect. */
  toast: string | null;
  /** The building's details, as every page shows them. */
  building: ShownBuilding;
}

type Matches = readonly ({ id: string; loaderData?: unknown } | undefined)[];

/** The root loader's data, as seen from any route's `meta`. */
export function rootData(matches: Matches): RootData {
  const root = matches.find((match) => match?.id === "root");
  return root?.loaderData as RootData;
}
