/** Where the links in subscribers' messages lead (the token follows). */
export const subscriptionPaths = {
  confirm: "/subscribe/confirm/",
  unsubscribe: "/unsubscribe/",
} as const;
