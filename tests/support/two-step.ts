import { codeFor } from "./totp.ts";
import { Visitor, visibleText } from "./visitor.ts";

/** A visitor whose requests come from `address` (the server trusts one proxy: TRUST_PROXY=1). */
export class VisitorFrom extends Visitor {
  readonly address: string;

  constructor(baseUrl: string, address: string) {
    super(baseUrl);
    this.address = address;
  }

  override get(path: string, headers: Record<string, string> = {}): Promise<Response> {
    return super.get(path, { "x-forwarded-for": this.address, ...headers });
  }

  override post(path: string, form: Record<string, string>, headers: Record<string, string> = {}) {
    return super.post(path, form, { "x-forwarded-for": this.address, ...headers });
  }
}

/** The key the setup page shows as text, for the tests to compute codes from. */
export async function shownSecret(visitor: Visitor): Promise<string> {
  const html = await (await visitor.get("/account/two-step")).text();
  const secret = html.match(/data-testid="two-step-secret"[^>]*>([A-Z2-7]+)</)?.[1];
  if (!secret) throw new Error(`no key on the setup page: ${visibleText(html).slice(0, 300)}`);
  return secret;
}

/** The recovery codes a page lists (only the answer to beginning setup, or to asking for new ones). */
export function listedRecoveryCodes(html: string): string[] {
  const list = html.match(/<ul[^>]*aria-label="Recovery codes"[^>]*>([\s\S]*?)<\/ul>/)?.[1] ?? "";
  return [...list.matchAll(/<li>([^<]+)<\/li>/g)].map((match) => match[1] as string);
}

/**
 * A code the app shows now, or the next one, that the site has not yet seen: the site takes
 * the codes of one step either side of now, each once. The previous step's code would expire
 * at the next step boundary, perhaps before a slow test sends it, so when both are used this
 * waits for the next step instead.
 */
export async function unusedCode(secret: string, used: Set<string>): Promise<string> {
  for (;;) {
    for (const offset of [0, 30_000]) {
      const code = codeFor(secret, Date.now() + offset);
      if (!used.has(code)) {
        used.add(code);
        return code;
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 30_000 - (Date.now() % 30_000) + 50));
  }
}

/** Turns two-step sign-in on as the forms do; the key, the recovery codes and the codes used. */
export async function turnOnTwoStep(
  visitor: Visitor,
  password: string,
): Promise<{ secret: string; recoveryCodes: string[]; used: Set<string> }> {
  const begun = await visitor.post("/account/two-step", { intent: "enable", password });
  if (begun.status !== 200) throw new Error(`setup refused: HTTP ${begun.status}`);
  const recoveryCodes = listedRecoveryCodes(await begun.text());
  const secret = await shownSecret(visitor);
  const used = new Set<string>();
  const confirmed = await visitor.post("/account/two-step", {
    intent: "confirm",
    code: await unusedCode(secret, used),
  });
  if (confirmed.status !== 303) throw new Error(`confirmation refused: HTTP ${confirmed.status}`);
  return { secret, recoveryCodes, used };
}
