import { randomBytes } from "node:crypto";
import { photoJpeg } from "./images.ts";
import { tusUpload } from "./tus.ts";
import { Visitor } from "./visitor.ts";

export const password = "jacaranda-1921";

export interface PostFields {
  title: string;
  content: string;
  coverImageId: string;
}

/** Signs an existing account in; the visitor then carries the session cookie. */
export async function signedIn(baseUrl: string, email: string): Promise<Visitor> {
  const visitor = new Visitor(baseUrl);
  const response = await visitor.logIn(email, password);
  if (response.status !== 303) throw new Error(`could not sign in ${email}: HTTP ${response.status}`);
  return visitor;
}

/** Registers a new account, then signs it in. */
export async function signedUp(baseUrl: string, email: string): Promise<Visitor> {
  const response = await new Visitor(baseUrl).register(email, password);
  if (response.status !== 303) throw new Error(`could not register ${email}: HTTP ${response.status}`);
  return signedIn(baseUrl, email);
}

/** Uploads a small photo over tus and returns the image id a post form sends as its cover. */
export async function uploadCover(visitor: Visitor): Promise<string> {
  const outcome = await tusUpload(visitor.baseUrl, await photoJpeg(640, 400), {
    cookie: visitor.cookieHeader,
  });
  if (!outcome.id) throw new Error(`cover upload failed: HTTP ${outcome.status} ${outcome.message}`);
  return outcome.id;
}

/**
 * Sends the create-post form. The submission id is what the form page would hand out (32 hex
 * digits); drawing it here saves a page load per post and keeps every submission distinct.
 */
export function publish(visitor: Visitor, post: PostFields): Promise<Response> {
  return visitor.post("/create-post", { submissionId: randomBytes(16).toString("hex"), ...post });
}

/** A publish the site acknowledged: it answers with the redirect back to an empty form. */
export function acknowledged(response: Response): boolean {
  return response.status === 303 && response.headers.get("location") === "/create-post";
}

export function edit(visitor: Visitor, slug: string, post: PostFields): Promise<Response> {
  return visitor.post(`/edit-post/${encodeURIComponent(slug)}`, { ...post });
}

/** The slugs of the signed-in user's posts, as the dashboard lists them. */
export async function ownSlugs(visitor: Visitor): Promise<string[]> {
  const html = await (await visitor.get("/dashboard")).text();
  return [...html.matchAll(/href="\/edit-post\/([^"]+)"/g)].map((m) => decodeURIComponent(m[1] as string));
}
