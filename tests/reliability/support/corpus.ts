import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

/**
 * The hostile-input corpus: JSON files under tests/reliability/corpus/, one per category.
 * Long values are written as { "repeat": "x", "times": 3001 } so the files stay readable.
 */
export type Text = string | { repeat: string; times: number; before?: string; after?: string };

/** The site must refuse: this status (or one of these), and the site's own words when it has them. */
export interface Refusal {
  status: number | number[];
  message?: string;
  /** Where a refusal that is a redirect must point. */
  location?: string;
}

/** A post form sent by a signed-in author, to create a post or to edit a fresh one. */
export interface PostCase {
  kind: "post";
  name: string;
  route?: "create" | "edit";
  /**
   * Title, content and cover get valid values unless given; "$cover" is a cover the author
   * uploaded, "$site" the site's address (http://127.0.0.1:port) and "$host" its host.
   */
  fields: Record<string, Text>;
  /** "accepted": saved (then checked inert in Chromium), optionally exactly as `stored` says. */
  expect: Refusal | "accepted";
  stored?: { title?: string; content?: string };
}

/** The register or log-in form; "$account" stands for the email of an existing account. */
export interface AccountCase {
  kind: "account";
  name: string;
  route: "register" | "login";
  fields: Partial<Record<"email" | "password" | "redirectTo", Text>>;
  /** "accepted" (register only): the account exists and its email is checked inert in Chromium. */
  expect: Refusal | "accepted";
}

/**
 * Any HTTP request, sent byte for byte as written (no URL normalising). In paths and headers,
 * {slug} is a post of the author's, {image} one of their images, {upload} an unfinished upload.
 */
export interface RequestCase {
  kind: "request";
  name: string;
  as?: "visitor" | "author";
  method: string;
  path: string;
  headers?: Record<string, string>;
  body?: Text;
  /** Sends this Content-Length but only the body above, to see the server refuse before reading. */
  declaredLength?: number;
  expect: Refusal;
  /** The answer is a page showing the hostile input: check it in Chromium (GET only). */
  render?: boolean;
}

/** A file sent through the tus upload endpoint, made by a recipe in hostile-images.ts. */
export interface UploadCase {
  kind: "upload";
  name: string;
  file: string;
  filename?: Text;
  filetype?: string;
  /** "accepted": stored only as re-encoded variants, none of which carries `marker`. */
  expect: Refusal | "accepted";
  marker?: string;
}

/**
 * A signed-in author's GET with a hostile spelling of the session cookie ({session} is the
 * author's `name=value`) or of the address, sent to every thread; afterwards no visitor
 * without a session may be shown the author's page at that address or its plain spelling.
 */
export interface CacheProbeCase {
  kind: "cache-probe";
  name: string;
  path: string;
  cookie: string;
  /** The plain spelling of the address, checked as well. */
  plainPath: string;
}

/**
 * A leasing enquiry sent by a visitor who took their time (a valid start stamp). "accepted":
 * stored, and its message in the outbox has one header-safe subject line, a Reply-To only
 * when header-safe (`replyTo`), and HTML in which the input is text.
 */
export interface EnquiryCase {
  kind: "enquiry";
  name: string;
  fields: Partial<
    Record<"name" | "email" | "phone" | "company" | "lookingFor" | "message" | "website", Text>
  >;
  expect: Refusal | "accepted";
  /** The subject the message must have. */
  subject?: string;
}

/**
 * A one-time link sent to a fresh account, then something its owner (or an owner of the site)
 * did, then the link followed by whoever holds it, spelled as `spelling` says: decision 029
 * says it no longer works, and following it changes nothing.
 */
export interface LinkCase {
  kind: "link";
  name: string;
  link: "reset" | "email-change" | "stop-change";
  after:
    | "nothing"
    | "password change"
    | "password reset"
    | "sign out everywhere"
    | "address change"
    | "suspension"
    | "deletion"
    | "link used";
  /** How the holder writes the link's token; "$token" is the token as sent. Default: as sent. */
  token?: Text;
  expect: Refusal;
}

/**
 * Wrong passwords for one fresh account sent all at once, each to the next of `routes` in
 * turn, from one address, with the limits on: no more than `reached` may reach a password
 * check (the others get 429), and then the right password is refused too (counted first).
 */
export interface PasswordGuessCase {
  kind: "password-guess";
  name: string;
  routes: ("/login" | "/account" | "/account/delete" | "/account/email")[];
  guesses: Text[];
  reached: number;
}

export type HostileCase =
  | PostCase
  | AccountCase
  | RequestCase
  | UploadCase
  | CacheProbeCase
  | EnquiryCase
  | LinkCase
  | PasswordGuessCase;
export type CorpusCase = HostileCase & { id: string; category: string };

export const corpusDirectory = path.resolve(import.meta.dirname, "..", "corpus");

export function expand(text: Text): string {
  if (typeof text === "string") return text;
  return `${text.before ?? ""}${text.repeat.repeat(text.times)}${text.after ?? ""}`;
}

export function statuses(refusal: Refusal): number[] {
  return Array.isArray(refusal.status) ? refusal.status : [refusal.status];
}

/** Every case of every corpus file, named "category/name"; names must be unique. */
export function loadCorpus(): CorpusCase[] {
  const cases: CorpusCase[] = [];
  for (const file of readdirSync(corpusDirectory)
    .filter((name) => name.endsWith(".json"))
    .sort()) {
    const category = path.basename(file, ".json");
    const entries = JSON.parse(readFileSync(path.join(corpusDirectory, file), "utf8")) as HostileCase[];
    for (const entry of entries) cases.push({ ...entry, category, id: `${category}/${entry.name}` });
  }
  const ids = cases.map((c) => c.id);
  const twice = ids.filter((id, index) => ids.indexOf(id) !== index);
  if (twice.length > 0) throw new Error(`corpus case names used twice: ${twice.join(", ")}`);
  return cases;
}
