/** Answers about mail the pages show and the server decides (shared so both say the same). */
export const resetRequested =
  "If an account exists for that address, we've sent a link to reset the password.";
export const resetLinkUnusable = "This link has expired or has already been used. Ask for a new one.";
export const linkUnusable = "This link has expired or has already been used.";
export type VerifyStep = "follow the link" | "ask for a link";
export const mustVerify: Record<VerifyStep, string> = {
  "follow the link":
    "Confirm your e-mail address before publishing: follow the link we sent you when you registered, or ask for a new one.",
  "ask for a link":
    "Confirm your e-mail address before publishing: press Send link and follow the link we e-mail you.",
};
