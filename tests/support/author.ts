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

/** Uploads a photo (a small one unless given) over tus and returns the image id a post form sends as its cover. */
export async function uploadCover(visitor: Visitor, photo?: Buffer): Promise<string> {
  const outcome = await tusUpload(visitor.baseUrl, photo ?? (await photoJpeg(640, 400)), {
    cookie: visitor.cookieHeader,
  });
  if (!outcome.id) throw new Error(`cover upload failed: HTTP ${outcome.status} ${outcome.message}`);
  return outcome.id;
}

/** The create-post form's fields: a post's, and any other the form has (submissionId, tags, intent…). */
type PostForm = Partial<PostFields> & Record<string, string>;

/** What a post says when a test does not care. */
const samplePost = {
  title: "A walk down Moncur Street",
  content: "## Morning\n\nThe **jacarandas** were out.",
};

/** A submission id as the form page would hand it out (32 hex digits), distinct for every submission. */
const newSubmissionId = () => randomBytes(16).toString("hex");

/**
 * Sends the create-post form: `fields` over the sample post's, with a cover uploaded for it
 * unless one is given. Drawing the submission id here saves a page load per post.
 */
export async function publish(visitor: Visitor, fields: PostForm = {}): Promise<Response> {
  return visitor.post("/create-post", {
    submissionId: newSubmissionId(),
    ...samplePost,
    coverImageId: fields.coverImageId ?? (await uploadCover(visitor)),
    ...fields,
  });
}

/** Publishes as `publish` does, insists that the site acknowledged it, and returns the new post's slug. */
export async function published(visitor: Visitor, fields: PostForm = {}): Promise<string> {
  const before = new Set(await ownSlugs(visitor));
  const response = await publish(visitor, fields);
  if (!acknowledged(response)) throw new Error(`publish not acknowledged: HTTP ${response.status}`);
  const slug = (await ownSlugs(visitor)).find((candidate) => !before.has(candidate));
  if (!slug) throw new Error("the published post is not on the dashboard");
  return slug;
}

/** Sends the create-post form with files, as a browser without JavaScript does. */
export function publishWithFiles(
  visitor: Visitor,
  fields: Record<string, string>,
  files: Record<string, Buffer>,
): Promise<Response> {
  return visitor.postWithFiles("/create-post", { submissionId: newSubmissionId(), ...fields }, files);
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
