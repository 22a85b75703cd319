import { data, Form } from "react-router";
import { confirmEmailChange } from "~/.server/accounts/email-change.ts";
import { confirmVerification } from "~/.server/accounts/email-verification.ts";
import { type LinkPurpose, peekLink } from "~/.server/accounts/links.ts";
import { db } from "~/.server/db/index.ts";
import { issueFormToken, requireFormToken } from "~/.server/http/form-token.ts";
import { readForm } from "~/.server/http/forms.ts";
import { redirectWithToast } from "~/.server/http/toast.ts";
import { linkUnusable } from "~/accounts/mail-messages.ts";
import { AuthCard, LinkNoLongerWorks } from "~/components/AuthCard.tsx";
import { formTokenField } from "~/http/form-token-field.ts";
import { appPage } from "~/http/page-kinds.ts";
import type { Route } from "./+types/email-link";

/** A writing page: it hydrates (decision 025). */
export const handle = appPage;

/** The two links that prove an address: which purpose each route id serves, and what it says. */
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
} as const satisfies Record<string, { purpose: LinkPurpose; title: string; button: string; done: string }>;

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
  const form = await readForm(request);
  requireFormToken(request, form);
  const link = linkFor(routeOf(request).id);
  const confirm = link.purpose === "verify" ? confirmVerification : confirmEmailChange;
  if (!(await confirm(db(), params.token))) return data({ failed: true }, { status: 410 });
  return redirectWithToast("/", link.done);
}

function routeOf(request: Request): { id: LinkRoute } {
  return {
    id: new URL(request.url).pathname.startsWith("/verify-email/") ? "verify-email" : "confirm-email-change",
  };
}

export function meta() {
  return [{ title: "Confirm | Woollahra Moncur" }, { name: "robots", content: "noindex" }];
}

export default function EmailLink({ loaderData, actionData }: Route.ComponentProps) {
  const link = linkFor(loaderData.id);
  if (!loaderData.usable || actionData?.failed) {
    return <LinkNoLongerWorks reason={linkUnusable} href="/" next="Go to the home page" />;
  }
  return (
    <AuthCard title={link.title}>
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
