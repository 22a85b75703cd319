import { createHash, randomInt } from "node:crypto";
import { href } from "react-router";
import { site } from "~/site/site.ts";

/** Where an owner is sent while the site requires two-step sign-in of owners and theirs is off. */
export const twoStepSetupForOwners = `${href("/account/two-step")}?for=manage`;

/** How many recovery codes a user holds after turning two-step sign-in on (or asking for new ones). */
export const recoveryCodeCount = 10;

// No 0/o, 1/l/i: the codes are read off paper and typed by hand.
const recoveryAlphabet = "abcdefghjkmnpqrstuvwxyz23456789";
const hashPrefix = "sha256:";

/** Ten new recovery codes, `xxxxx-xxxxx` (about 49 bits each), in clear: shown once, then only hashes remain. */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: recoveryCodeCount }, () => {
    const code = Array.from({ length: 10 }, () => recoveryAlphabet[randomInt(recoveryAlphabet.length)]).join(
      "",
    );
    return `${code.slice(0, 5)}-${code.slice(5)}`;
  });
}

/**
 * What is stored of a recovery code, and what is checked against it: the SHA-256 of the code
 * as typed in any case, with or without its hyphen and spaces. The codes are random, so a fast
 * hash is enough; a copy of the database gives none of them away.
 */
export function recoveryCodeHash(typed: string): string {
  const normalised = typed.toLowerCase().replace(/[\s-]/g, "");
  return `${hashPrefix}${createHash("sha256").update(normalised).digest("hex")}`;
}

/** The plugin keeps a user's recovery codes as one JSON list: hashed here, whatever it hands over. */
async function storedRecoveryCodes(json: string): Promise<string> {
  const codes = JSON.parse(json) as string[];
  // After a code is used the plugin stores the rest of the list, which is already hashed.
  return JSON.stringify(codes.map((code) => (code.startsWith(hashPrefix) ? code : recoveryCodeHash(code))));
}

/**
 * better-auth's two-factor plugin as the site uses it: TOTP from an authenticator app (six
 * digits, 30 seconds) and recovery codes. The plugin checks a recovery code by looking for it
 * in the stored list, so the site hands it the code's hash (`recoveryCodeHash`) and the list
 * holds only hashes. No trusted devices: every sign-in asks for a code.
 */
export const twoStepPluginOptions = {
  issuer: site.name,
  backupCodeOptions: {
    amount: recoveryCodeCount,
    customBackupCodesGenerate: newRecoveryCodes,
    storeBackupCodes: { encrypt: storedRecoveryCodes, decrypt: async (stored: string) => stored },
  },
};
