import { useEffect, useState } from "react";
import { PrefetchPageLinks, useNavigate } from "react-router";
import { appLinkSelector } from "./PageLink.tsx";

/** How long a pointer or focus rests on a link before its page is prefetched, as `<Link prefetch="intent">` waits. */
const intentDelayMs = 100;

/** The app link an event happened on, if the browser would open it here, in this tab. */
function pageLinkOf(target: EventTarget | null): HTMLAnchorElement | undefined {
  const link = target instanceof Element ? target.closest(appLinkSelector) : null;
  if (!(link instanceof HTMLAnchorElement)) return undefined;
  if (link.origin !== window.location.origin || link.target || link.hasAttribute("download"))
    return undefined;
  return link;
}

/** The page a link leads to, as React Router names it (no origin, no fragment). */
const pageOf = (link: HTMLAnchorElement) => `${link.pathname}${link.search}`;

/**
 * Client-side navigation among the app's pages, rendered only on them: a plain left click on
 * an `AppLink` loads only the next page's data, and a pointer resting on one, its focus or a
 * touch prefetches that data and code. Links to reading pages, and a click with a modifier
 * key or on a link that opens elsewhere, stay the browser's: a document load.
 */
export function AppNavigation() {
  const navigate = useNavigate();
  const [intended, setIntended] = useState<string>();

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const follow = (event: MouseEvent) => {
      const link = pageLinkOf(event.target);
      if (!link || event.defaultPrevented || event.button !== 0) return;
      if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      event.preventDefault();
      // Following a link to the page already shown replaces it, as the browser does.
      navigate(`${pageOf(link)}${link.hash}`, { replace: link.href === window.location.href });
    };
    const prefetchSoon = (event: Event) => {
      const link = pageLinkOf(event.target);
      if (!link) return;
      clearTimeout(timer);
      timer = setTimeout(() => setIntended(pageOf(link)), intentDelayMs);
    };
    const prefetchNow = (event: Event) => {
      const link = pageLinkOf(event.target);
      if (link) setIntended(pageOf(link));
    };
    const cancel = () => clearTimeout(timer);
    document.addEventListener("click", follow);
    document.addEventListener("mouseover", prefetchSoon);
    document.addEventListener("focusin", prefetchSoon);
    document.addEventListener("mouseout", cancel);
    document.addEventListener("focusout", cancel);
    document.addEventListener("touchstart", prefetchNow, { passive: true });
    return () => {
      clearTimeout(timer);
      document.removeEventListener("click", follow);
      document.removeEventListener("mouseover", prefetchSoon);
      document.removeEventListener("focusin", prefetchSoon);
      document.removeEventListener("mouseout", cancel);
      document.removeEventListener("focusout", cancel);
      document.removeEventListener("touchstart", prefetchNow);
    };
  }, [navigate]);

  return intended ? <PrefetchPageLinks page={intended} /> : null;
}
