import { data, Form, href, matchPath } from "react-router";
import { confirmEmailChange, stopEmailChange } from "~/.server/accounts/email-change.ts";
import { confirmVerification } from "~/.server/accounts/email-verification.ts";
import { type LinkPurpose, linkRoutes, peekLink } from "~/.server/accounts/links.ts";
import { config } from "~/.server/config.ts";
import { db } from "~/.server/db/index.ts";
import { issueFormToken } from "~/.server/http/form-token.ts";
import { readForm } from "~/.server/http/forms.ts";
import { redirectWithToast } from "~/.server/http/toast.ts";
import { linkUnusable } from "~/accounts/mail-messages.ts";
import { AuthCard, LinkNoLongerWorks } from "~/components/AuthCard.tsx";
import { formTokenField } from "~/http/form-token-field.ts";
import { appPage } from "~/http/page-kinds.ts";
import type { Route } from "./+types/email-link";

/** A writing page: it hydrates (decision 025). */
export const handle = appPage;

/** The links that act on an address: which purpose each route id serves, and what it says. */
const links = {
  "verify-email": {
    purpose: "verify",
    title: "Confirm your address",
    button: "Confirm my address",
    done: "Your e-mail address is confirmed. You can publish now.",
  },
  "confirm-email-change": {
    purpose: "email-change",
    title: "Confirm your new address",
    button: "Use this address",
    done: "Your e-mail address has been changed.",
  },
  "stop-email-change": {
    purpose: "stop-change",
    title: "Stop the change of address",
    explains:
      "Someone asked to move your account to another address. This stops it, signs your account out on every device, and sends this address a link to choose a new password.",
    button: "Stop it and sign out everywhere",
    done: "The change is stopped and every session signed out. We've sent you a link to choose a new password.",
  },
} as const satisfies Record<
  string,
  { purpose: LinkPurpose; title: string; explains?: string; button: string; done: string }
>;

/** What following each kind of link does; false when the link does not work. */
const follow: Record<(typeof links)[LinkRoute]["purpose"], (token: string) => Promise<boolean>> = {
  verify: (token) => confirmVerification(db(), token),
  "email-change": (token) => confirmEmailChange(db(), token),
  "stop-change": async (token) => (await stopEmailChange(db(), token, config().publicUrl)) !== undefined,
};

type LinkRoute = keyof typeof links;

function linkFor(id: string) {
  const link = links[id as LinkRoute];
  if (!link) throw new Error(`no link for route ${id}`);
  return link;
}

/**
 * A link from a message confirms with a button, not on opening: mail scanners open links,
 * and should not use them up.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const { id } = routeOf(request);
  const link = linkFor(id);
  const { token, headers } = issueFormToken(request);
  const usable = (await peekLink(db(), link.purpose, params.token)) !== undefined;
  return data({ id, usable, formToken: token }, { headers, status: usable ? 200 : 410 });
}

export async function action({ request, params }: Route.ActionArgs) {
  await readForm(request);
  const link = linkFor(routeOf(request).id);
  if (!(await follow[link.purpose](params.token))) return data({ failed: true }, { status: 410 });
  return redirectWithToast(href("/"), link.done);
}

function routeOf(request: Request): { id: LinkRoute } {
  const path = new URL(request.url).pathname;
  if (matchPath(linkRoutes.verify, path)) return { id: "verify-email" };
  if (matchPath(linkRoutes["stop-change"], path)) return { id: "stop-email-change" };
  return { id: "confirm-email-change" };
}

export function meta() {
  return [{ title: "Confirm | Woollahra Moncur" }, { name: "robots", content: "noindex" }];
}

export default function EmailLink({ loaderData, actionData }: Route.ComponentProps) {
  const link = linkFor(loaderData.id);
  if (!loaderData.usable || actionData?.failed) {
    return <LinkNoLongerWorks reason={linkUnusable} href={href("/")} next="Go to the home page" />;
  }
  return (
    <AuthCard title={link.title}>
      {"explains" in link && <p className="mb-4">{link.explains}</p>}
      <Form method="post">
        <input type="hidden" name={formTokenField} value={loaderData.formToken} />
        <button
          type="submit"
          className="w-full rounded-md bg-heritage-700 px-4 py-2.5 font-semibold text-white hover:bg-heritage-900"
        >
          {link.button}
        </button>
      </Form>
    </AuthCard>
  );
}
