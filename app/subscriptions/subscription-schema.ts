import { email } from "../accounts/credentials-schema.ts";
import { z } from "../http/zod.ts";

/** The subscribe form on /subscribe, /home, under each post and on tag pages. */
export const subscribeSchema = z.object({ email });

/** The one answer to every subscription, whether the address is new, pending or already in. */
export const subscribeAnswer = "Check your inbox to confirm your subscription.";

export const subscriptionMessages = {
  confirmed: "You're subscribed. New posts will come to your inbox.",
  linkGone: "This link has expired or has already been used. Subscribe again to get a new one.",
  unsubscribed: "You're unsubscribed. We won't send you any more posts, and your address is deleted.",
  notSubscribed: "This address is not subscribed (any more): nothing more will be sent to it.",
  robot: "Sorry, your subscription could not be taken. Please try again later.",
  tooQuick: "Please take a moment, then subscribe again.",
};
