import { getUser } from "../accounts/auth.ts";
import { db } from "../db/index.ts";
import { siteSettings } from "../site/settings.ts";
import { issueFormToken } from "./form-token.ts";
import { takeToast } from "./toast.ts";

export interface Personal {
  /** The signed-in user's email, or null for a visitor. */
  email: string | null;
  /** Whether the signed-in user runs the site (the user menu offers Manage). */
  owner: boolean;
  /**
   * Whether the navbar offers Register: to visitors, while the site takes new accounts. Not
   * personal, but the account area shows it, so it comes with the rest of it.
   */
  registrationOpen: boolean;
  /** The signed-in user's anti-forgery token for the log-out form. */
  formToken: string | null;
  /** A one-time notice carried across a redirect. */
  toast: string | null;
  /** Set-Cookie headers: the notice taken, the form token issued. */
  headers: Headers;
}

/**
 * What makes a page personal: who is signed in (as `signedIn` finds them), their log-out
 * form's token and a notice waiting to be shown. The root loader puts it into every full
 * render; a signed-in reader's reading page gets it as fragments put into the shared page
 * (decisions 025 and 027).
 */
export async function personalParts(request: Request): Promise<Personal> {
  const user = await getUser(request);
  const toast = takeToast(request);
  const registrationOpen = user ? false : await registrationIsOpen();
  const headers = toast.headers;
  let formToken: string | null = null;
  if (user) {
    const issued = issueFormToken(request);
    formToken = issued.token;
    for (const cookie of issued.headers.getSetCookie()) headers.append("Set-Cookie", cookie);
  }
  return {
    email: user?.email ?? null,
    owner: user?.role === "owner",
    registrationOpen,
    formToken,
    toast: toast.message,
    headers,
  };
}

/**
 * Pages that need no database (the history pages) must not fail with it: while it cannot be
 * read the Register link shows, and registering answers 503 itself.
 */
function registrationIsOpen(): Promise<boolean> {
  return siteSettings(db()).then(
    (settings) => settings.registration === "open",
    () => true,
  );
}
