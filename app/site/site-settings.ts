/** The settings owners choose in the manage area, and what the site says about them. */
export const registrationChoices = ["open", "closed"] as const;
export const publishingChoices = ["immediate", "review"] as const;

export const registrationClosedMessage =
  "Registration is closed: the site is not taking new accounts at the moment.";
