import type { RoutePrefix } from "~/site/route-paths.ts";
import type { Fetch } from "./loopback-fetch.ts";

/** The forms that carry an anti-forgery token (app/.server/http/form-token.ts): on a signed-in page, the root issues it. */
const tokenFormPaths: RoutePrefix[] = [
  "/login",
  "/register",
  "/logout",
  "/manage",
  "/account",
  "/forgot-password",
  "/reset-password",
  "/create-post",
  "/edit-post",
  "/create-batch",
];
const tokenForms = new RegExp(`^(${tokenFormPaths.join("|")})(/|\\?|$)`);

/** The page whose form posts to `path`, where its token is read. */
const formPage = (path: string) => (path === "/create-batch" ? "/dashboard" : path);

/** A browser-like HTTP client for the tests: keeps cookies, sends forms from the site's own origin. */
export class Visitor {
  readonly cookies = new Map<string, string>();
  readonly baseUrl: string;
  private readonly send: Fetch;

  /** `send` is the global fetch unless the visitor needs its own connection (see loopback-fetch.ts). */
  constructor(baseUrl: string, send: Fetch = fetch) {
    this.baseUrl = baseUrl;
    this.send = send;
  }

  private remember(response: Response): Response {
    for (const header of response.headers.getSetCookie()) {
      const [pair = ""] = header.split(";");
      const index = pair.indexOf("=");
      const name = pair.slice(0, index);
      const value = pair.slice(index + 1);
      if (value === "" || /max-age=0/i.test(header) || /expires=thu, 01 jan 1970/i.test(header)) {
        this.cookies.delete(name);
      } else {
        this.cookies.set(name, value);
      }
    }
    return response;
  }

  get cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }

  async get(path: string, headers: Record<string, string> = {}): Promise<Response> {
    return this.remember(
      await this.send(`${this.baseUrl}${path}`, {
        redirect: "manual",
        headers: { cookie: this.cookieHeader, ...headers },
      }),
    );
  }

  /** The anti-forgery token of the form on `path`, read from the page as a browser would have it. */
  async formToken(path: string): Promise<string> {
    const html = await (await this.get(path)).text();
    return html.match(/name="csrf" value="([^"]+)"/)?.[1] ?? "";
  }

  /** Sends a form from the site's own origin, with the anti-forgery token its pages carry (its cookie's, else read from the page). */
  async post(
    path: string,
    form: Record<string, string>,
    headers: Record<string, string> = {},
  ): Promise<Response> {
    if (tokenForms.test(path) && !("csrf" in form))
      form = { ...form, csrf: this.cookies.get("wm_form") ?? (await this.formToken(formPage(path))) };
    return this.remember(
      await this.send(`${this.baseUrl}${path}`, {
        method: "POST",
        redirect: "manual",
        headers: {
          cookie: this.cookieHeader,
          origin: this.baseUrl,
          "content-type": "application/x-www-form-urlencoded",
          ...headers,
        },
        body: new URLSearchParams(form),
      }),
    );
  }

  /** Sends a form with files (multipart), as a browser without JavaScript sends a file field, token included. */
  async postWithFiles(
    path: string,
    fields: Record<string, string>,
    files: Record<string, Buffer>,
  ): Promise<Response> {
    const form = new FormData();
    form.set("csrf", this.cookies.get("wm_form") ?? (await this.formToken(formPage(path))));
    for (const [name, value] of Object.entries(fields)) form.set(name, value);
    for (const [name, file] of Object.entries(files))
      form.set(name, new Blob([new Uint8Array(file)], { type: "image/jpeg" }), `${name}.jpg`);
    return this.remember(
      await this.send(`${this.baseUrl}${path}`, {
        method: "POST",
        redirect: "manual",
        headers: { cookie: this.cookieHeader, origin: this.baseUrl },
        body: form,
      }),
    );
  }

  async register(email: string, password: string): Promise<Response> {
    return this.post("/register", { email, password });
  }

  async logIn(email: string, password: string): Promise<Response> {
    return this.post("/login", { email, password });
  }
}

/** The text a visitor reads: tags dropped, entities that matter decoded, whitespace folded. */
export function visibleText(html: string): string {
  return html
    .replace(/<script[\s\S]*?<\/script>/g, " ")
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ");
}
