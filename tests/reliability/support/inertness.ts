import type { Dialog, Page, Request } from "playwright-core";

/**
 * The inline scripts the site itself writes into pages: React Router's hydration data and
 * module loader, its scroll restoration, React's streaming runtime ($R…), JSON-LD and the
 * reading pages' speculation rules (JSON). Any other script is someone else's.
 */
const ownInlineScriptStarts = [
  "window.__reactRouter",
  "((storageKey",
  ";",
  "import",
  "$R",
  "requestAnimationFrame(function(){$RT",
];

/** Runs in the page: every sign of markup that could run code, as readable strings. */
function scanDocument(ownStarts: string[]): string[] {
  const problems: string[] = [];
  const urlAttributes = /^(href|src|action|formaction|xlink:href|data|poster|background|srcdoc|srcset)$/i;
  const runnable = /^(javascript|vbscript|data):/i;
  for (const element of Array.from(document.querySelectorAll("*"))) {
    for (const attribute of Array.from(element.attributes)) {
      // Browsers ignore whitespace and control characters inside a URL scheme.
      const value = [...attribute.value].filter((c) => c.charCodeAt(0) > 0x20).join("");
      if (/^on/i.test(attribute.name)) problems.push(`${element.tagName} has ${attribute.name}`);
      if (urlAttributes.test(attribute.name) && runnable.test(value))
        problems.push(`${element.tagName} ${attribute.name}=${attribute.value.slice(0, 60)}`);
    }
  }
  for (const tag of ["iframe", "object", "embed", "frame", "base", "style", "meta", "link"]) {
    for (const _ of Array.from(document.querySelectorAll(`main ${tag}`)))
      problems.push(`<${tag}> in the content`);
  }
  // A post holds no form controls; the editor around a preview does, so only posts are checked.
  const postControls = location.pathname.startsWith("/blog/")
    ? document.querySelectorAll("article :is(form, input, button, textarea, select)")
    : [];
  for (const element of Array.from(postControls))
    problems.push(`<${element.tagName.toLowerCase()}> in a post`);
  for (const element of Array.from(document.querySelectorAll("main [style]"))) {
    problems.push(`${element.tagName} with a style attribute in the content`);
  }
  for (const script of Array.from(document.querySelectorAll("script"))) {
    const src = script.getAttribute("src");
    const text = (script.textContent ?? "").trim();
    if (src !== null) {
      if (!src.startsWith("/assets/")) problems.push(`script from ${src}`);
    } else if (script.type === "application/ld+json" || script.type === "speculationrules") {
      try {
        JSON.parse(text);
      } catch {
        problems.push(`${script.type} that is not JSON: ${text.slice(0, 80)}`);
      }
    } else if (!ownStarts.some((start) => text.startsWith(start))) {
      problems.push(`inline script not written by the site: ${text.slice(0, 80)}`);
    }
  }
  return problems;
}

/**
 * What a page may fetch by itself: the build's files, the reading pages' small scripts, the
 * illustrations, the icon and image variants, and the start stamp of a subscribe or enquiry
 * form (a pixel that only notes when the form was loaded), all from the site. Anything else (say, an image whose address leads to /logout)
 * is a request the reader never chose, made with their cookies.
 */
const fetchedByItself =
  /^\/(assets\/|scripts\/|illustrations\/|favicon\.svg$|images\/[A-Za-z0-9_-]+\/\d+\.(avif|webp|jpg|png)$|contact\/started$)/;

/**
 * Loads a page in Chromium with JavaScript on, lets it hydrate, and lists everything that
 * shows hostile input ran or could run: dialogs, navigations away, requests the page made by
 * itself to anything but the site's files and images, event-handler attributes, script URLs,
 * foreign scripts, frames and styles inside the content.
 */
export async function inertnessProblems(page: Page, url: string): Promise<string[]> {
  const problems: string[] = [];
  const origin = new URL(url).origin;
  const onRequest = (request: Request) => {
    if (request.isNavigationRequest() && request.frame() === page.mainFrame()) return;
    const asked = new URL(request.url());
    if (asked.origin !== origin || !fetchedByItself.test(asked.pathname) || request.method() !== "GET")
      problems.push(`the page fetched ${request.method()} ${request.url()} by itself`);
  };
  const onDialog = (dialog: Dialog) => {
    problems.push(`a ${dialog.type()} dialog opened: ${dialog.message()}`);
    void dialog.dismiss();
  };
  const onError = (error: Error) => problems.push(`script error: ${error.message}`);
  page.on("dialog", onDialog);
  page.on("pageerror", onError);
  page.on("request", onRequest);
  try {
    const response = await page.goto(url, { waitUntil: "load" });
    if (!response || response.status() >= 500) problems.push(`status ${response?.status()}`);
    // A reading page's small scripts and an app page's hydration run after load; wait for them,
    // then give handlers (onload, onerror, onfocus…) a moment to fire.
    await page.waitForFunction(
      () =>
        document.documentElement.dataset.enhanced === "true" &&
        (!("__reactRouterContext" in window) || "__reactRouterRouteModules" in window),
      null,
      { timeout: 10_000 },
    );
    await page.waitForTimeout(150);
    if (page.url() !== url) problems.push(`navigated away to ${page.url()}`);
    problems.push(...(await page.evaluate(scanDocument, ownInlineScriptStarts)));
  } finally {
    page.off("dialog", onDialog);
    page.off("pageerror", onError);
    page.off("request", onRequest);
  }
  return problems;
}
