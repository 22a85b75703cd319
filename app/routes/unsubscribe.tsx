import { data, href } from "react-router";
import { db } from "~/.server/db/index.ts";
import { isSubscribed, subscriberOfToken, unsubscribe } from "~/.server/subscriptions/subscribers.ts";
import { AuthCard } from "~/components/AuthCard.tsx";
import { PageLink } from "~/components/PageLink.tsx";
import { rootData } from "~/http/root-data.ts";
import { seoMeta } from "~/site/seo.ts";
import { subscriptionMessages } from "~/subscriptions/subscription-schema.ts";
import type { Route } from "./+types/unsubscribe";

const notOurs = () => data("There is no such unsubscribe link.", { status: 404 });

/**
 * Every message's unsubscribe link. Opening it changes nothing (mail scanners open links): it
 * shows a button. One POST unsubscribes with no sign-in and no form token, whether from that
 * button or from a mail program's one-click (RFC 8058: `List-Unsubscribe=One-Click`, sent
 * by the mail provider's servers): the link's signature is what proves it came in a message.
 */
export async function loader({ params }: Route.LoaderArgs) {
  const subscriberId = subscriberOfToken(params.token);
  if (!subscriberId) throw notOurs();
  return { subscribed: await isSubscribed(db(), subscriberId) };
}

export async function action({ params }: Route.ActionArgs) {
  const subscriberId = subscriberOfToken(params.token);
  if (!subscriberId) throw notOurs();
  await unsubscribe(db(), subscriberId);
  return { unsubscribed: true };
}

export function meta({ matches }: Route.MetaArgs) {
  return [
    ...seoMeta(rootData(matches).publicUrl, {
      title: "Unsubscribe",
      description: "Stop receiving new posts of the Woollahra Moncur blog by e-mail.",
      path: href("/subscribe"),
    }),
    { name: "robots", content: "noindex" },
  ];
}

export default function Unsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  if (actionData?.unsubscribed || !loaderData.subscribed)
    return (
      <AuthCard title={actionData ? "Unsubscribed" : "Not subscribed"}>
        <p role="status" className="text-lg">
          {actionData ? subscriptionMessages.unsubscribed : subscriptionMessages.notSubscribed}
        </p>
        <PageLink
          href={href("/home")}
          className="mt-6 inline-block font-semibold text-heritage-700 underline underline-offset-4"
        >
          Back to the blog
        </PageLink>
      </AuthCard>
    );
  return (
    <AuthCard title="Unsubscribe">
      <p className="mb-6">Stop receiving new posts of the blog by e-mail? Your address will be deleted.</p>
      <form method="post">
        <button
          type="submit"
          className="w-full rounded-md bg-heritage-700 px-4 py-2.5 font-semibold text-white hover:bg-heritage-900"
        >
          Unsubscribe
        </button>
      </form>
    </AuthCard>
  );
}
