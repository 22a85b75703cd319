import { data, href } from "react-router";
import { db } from "~/.server/db/index.ts";
import { issueFormToken } from "~/.server/http/form-token.ts";
import { readForm } from "~/.server/http/forms.ts";
import { confirmationWorks, confirmSubscription } from "~/.server/subscriptions/subscribers.ts";
import { AuthCard, LinkNoLongerWorks } from "~/components/AuthCard.tsx";
import { PageLink } from "~/components/PageLink.tsx";
import { formTokenField } from "~/http/form-token-field.ts";
import { rootData } from "~/http/root-data.ts";
import { seoMeta } from "~/site/seo.ts";
import { subscriptionMessages } from "~/subscriptions/subscription-schema.ts";
import type { Route } from "./+types/subscribe-confirm";

/**
 * The confirmation link's page: opening it changes nothing (mail scanners open links), its
 * button confirms. 410 when the link is used, expired or never was.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const { token, headers } = issueFormToken(request);
  const usable = await confirmationWorks(db(), params.token);
  return data({ usable, formToken: token }, { headers, status: usable ? 200 : 410 });
}

/** Confirms once: of any number of requests with the link, one confirms, the others get 410. */
export async function action({ request, params }: Route.ActionArgs) {
  await readForm(request);
  const confirmed = await confirmSubscription(db(), params.token);
  return data({ confirmed }, { status: confirmed ? 200 : 410 });
}

export function meta({ matches }: Route.MetaArgs) {
  return [
    ...seoMeta(rootData(matches).publicUrl, {
      title: "Confirm your subscription",
      description: "Confirm that new posts of the Woollahra Moncur blog may be sent to your address.",
      path: href("/subscribe"),
    }),
    { name: "robots", content: "noindex" },
  ];
}

export default function SubscribeConfirm({ loaderData, actionData }: Route.ComponentProps) {
  if (actionData?.confirmed)
    return (
      <AuthCard title="Subscribed">
        <p role="status" className="text-lg">
          {subscriptionMessages.confirmed}
        </p>
        <PageLink
          href={href("/home")}
          className="mt-6 inline-block font-semibold text-heritage-700 underline underline-offset-4"
        >
          Read the blog
        </PageLink>
      </AuthCard>
    );
  if (actionData || !loaderData.usable)
    return (
      <LinkNoLongerWorks
        reason={subscriptionMessages.linkGone}
        href={href("/subscribe")}
        next="Subscribe again"
      />
    );
  return (
    <AuthCard title="Confirm your subscription">
      <p className="mb-6">New posts of the blog will be sent to the address this link was sent to.</p>
      <form method="post">
        <input type="hidden" name={formTokenField} value={loaderData.formToken} />
        <button
          type="submit"
          className="w-full rounded-md bg-heritage-700 px-4 py-2.5 font-semibold text-white hover:bg-heritage-900"
        >
          Confirm my subscription
        </button>
      </form>
    </AuthCard>
  );
}
