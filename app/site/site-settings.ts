/** The settings owners choose in the manage area, and what the site says about them. */
export const registrationChoices = ["open", "closed"] as const;
export const publishingChoices = ["immediate", "review"] as const;
/** Whether owners may use the manage area without two-step sign-in. */
export const ownersTwoStepChoices = ["optional", "required"] as const;
/** What subscribers are sent when a post goes public: each post, a weekly digest, or nothing. */
export const subscriptionMailChoices = ["each", "digest", "off"] as const;

export const registrationClosedMessage =
  "Registration is closed: the site is not taking new accounts at the moment.";
